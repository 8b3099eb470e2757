package dev.pmmemory.adapters.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonValuesTest {

    @Test
    void vertxJsonBecomesPlainMapsAndLists_allTheWayDown() {
        Object value = JsonValues.plain(new JsonObject().put("regions", new JsonArray().add("overseas")
                .add(new JsonObject().put("weight", 2))).put("early", true));
        assertThat(value).isEqualTo(Map.of("regions", List.of("overseas", Map.of("weight", 2)), "early", true));
        assertThat(value).isNotInstanceOf(JsonObject.class);
        assertThat(((Map<?, ?>) value).get("regions")).isNotInstanceOf(JsonArray.class);
    }

    @Test
    void scalarsAndNullStayAsTheyAre() {
        assertThat(JsonValues.plain("early")).isEqualTo("early");
        assertThat(JsonValues.plain(2.5)).isEqualTo(2.5);
        assertThat(JsonValues.plain(null)).isNull();
    }
}
