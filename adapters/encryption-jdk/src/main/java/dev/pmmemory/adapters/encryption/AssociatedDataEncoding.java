package dev.pmmemory.adapters.encryption;

import dev.pmmemory.application.port.out.AssociatedData;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The bytes a value's place is authenticated as: each part length-prefixed, so no two places encode alike. */
final class AssociatedDataEncoding {
    private static final byte[] LABEL = "pm-memory/field/v1".getBytes(StandardCharsets.US_ASCII);

    private AssociatedDataEncoding() {
    }

    static byte[] encode(AssociatedData where) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.writeBytes(LABEL);
        for (String part : new String[] {where.table(), where.column(), where.rowId(), where.profileId()}) {
            byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }
}
