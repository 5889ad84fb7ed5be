package io.dbharness.core.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Registration through META-INF/services: the test's own services files list these implementations. */
@Timeout(60)
class PluginsTest {

    /** A plug-in answering to names, as a tool answers to its commands. */
    public interface Named {
        List<String> names();
    }

    public static final class First implements Named {
        public List<String> names() {
            return List.of("first", "shared");
        }
    }

    public static final class Second implements Named {
        public List<String> names() {
            return List.of("second", "shared");
        }
    }

    /** A kind with no name registered twice. */
    public interface Unique {
        List<String> names();
    }

    public static final class One implements Unique {
        public List<String> names() {
            return List.of("one");
        }
    }

    public static final class Two implements Unique {
        public List<String> names() {
            return List.of("two", "deux");
        }
    }

    @Test
    void everyImplementationListedIsFoundInClassPathOrder() {
        assertEquals(List.of(One.class, Two.class),
                Plugins.load(Unique.class, "unique", Unique::names).stream().map(Object::getClass).toList());
    }

    @Test
    void aNameTwoOfThemAnswerToIsRefusedInOneLine() {
        UsageException e = assertThrows(UsageException.class, () -> Plugins.load(Named.class, "tool", Named::names));
        assertEquals("two tools named 'shared' on the class path: io.dbharness.core.api.PluginsTest$First and"
                + " io.dbharness.core.api.PluginsTest$Second; only one may register it", e.getMessage());
    }
}
