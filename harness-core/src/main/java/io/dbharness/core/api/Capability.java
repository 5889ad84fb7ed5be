package io.dbharness.core.api;

/** Marker for something a target can do; workloads ask for capabilities, never for a product. */
public interface Capability {
}
