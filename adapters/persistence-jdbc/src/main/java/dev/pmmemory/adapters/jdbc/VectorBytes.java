package dev.pmmemory.adapters.jdbc;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * How every store keeps a vector: little-endian float32, 4 bytes per dimension. One format, so a
 * vector written by one store reads the same in another (export, import, migration).
 */
public final class VectorBytes {
    private VectorBytes() {
    }

    public static byte[] encode(float[] vector) {
        ByteBuffer buf = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : vector) {
            buf.putFloat(f);
        }
        return buf.array();
    }

    public static float[] decode(byte[] bytes) {
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[bytes.length / Float.BYTES];
        for (int i = 0; i < out.length; i++) {
            out[i] = buf.getFloat();
        }
        return out;
    }
}
