package dev.pmmemory.bootstrap;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * JDBC drivers kept reflectively reachable in a native image. The SQLite store opens its file
 * through SQLiteDataSource, not DriverManager, but {@code org.sqlite.JDBC} stays registered as it
 * was while the Agroal extension (gone with the plain-JDBC PostgreSQL adapter) registered every
 * {@code java.sql.Driver} service; the PostgreSQL driver is registered by its adapter's own
 * native-image metadata. src-native/NativeSourcesCheck.java checks both.
 */
@RegisterForReflection(classNames = "org.sqlite.JDBC")
final class NativeDrivers {
    private NativeDrivers() {
    }
}
