package io.dbharness.influx;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.encode.LinePrecision;

import java.net.URI;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What differs between the v1 and v2 APIs apart from the line protocol itself: where writes go, how the
 * store (database or bucket) is checked and created, how a measurement is dropped and counted.
 */
interface StoreAdmin {

    /** Database (v1) or bucket (v2), for messages and results. */
    String store();

    /** Fails fast with AUTHENTICATION when the credentials are refused. */
    void checkCredentials() throws TargetException;

    /** Whether the database or bucket exists. */
    boolean storeExists() throws TargetException;

    /** Creates the database or bucket when absent; a refusal names what is missing and what is needed. */
    void ensureStore() throws TargetException;

    URI writeUri(LinePrecision precision);

    boolean hasPoints(String measurement) throws TargetException;

    Map<String, String> fieldTypes(String measurement) throws TargetException;

    void dropMeasurement(String measurement) throws TargetException;

    /** Points of the measurement, counted by {@code tag}, a tag every point has (the series key). */
    OptionalLong countPoints(String measurement, String tag) throws TargetException;

    OptionalLong storedBytes() throws TargetException;

    /** The store's id where the server's statistics name it by id (InfluxDB 2's bucket id); empty while it does not exist. */
    default java.util.Optional<String> storeId() throws TargetException {
        return java.util.Optional.empty();
    }

    /** Releases what the admin holds (the v2 API's client). */
    default void close() {
    }
}
