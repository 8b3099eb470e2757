package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** {@link ApiContractTest}, every case, on PostgreSQL with encryption at rest on. */
@QuarkusTest
@TestProfile(PostgresEncryptedProfile.class)
class PostgresEncryptedApiContractTest extends ApiContractTest {

    @AfterAll
    static void leaveNoSealedData() throws SQLException {
        PostgresEncryptedProfile.emptyTheDatabase();
    }
}
