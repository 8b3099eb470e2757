package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.List;

/** {@link UnreadableStoredValueContract} on SQLite: the file was altered before the start. */
@QuarkusTest
@TestProfile(TamperedSqliteProfile.class)
class SqliteUnreadableStoredValueTest extends UnreadableStoredValueContract {

    @Override
    protected String profile() {
        return TamperedSqliteProfile.PROFILE;
    }

    @Override
    protected String alteredMemory() {
        return TamperedSqliteProfile.ALTERED;
    }

    @Override
    protected String intactMemory() {
        return TamperedSqliteProfile.INTACT;
    }

    @Override
    protected List<String> secretWords() {
        return List.of("Quixotrel", "估值偏高", "Zephyrine", "团队很强");
    }
}
