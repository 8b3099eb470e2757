package dev.pmmemory.adapters.rest.profiledata;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.io.IOException;

/**
 * A JSON whole number, nothing else: Jackson would otherwise read {@code 1.5} as 1 and {@code "1"} as 1, and a
 * document is loaded as it was written or not at all. Anything else is refused as the wrong JSON type, naming
 * its path.
 */
@RegisterForReflection
public final class WholeNumber extends StdDeserializer<Integer> {

    public WholeNumber() {
        super(Integer.class);
    }

    @Override
    public Integer deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
            return p.getIntValue();
        }
        return (Integer) ctxt.handleUnexpectedToken(Integer.class, p);
    }
}
