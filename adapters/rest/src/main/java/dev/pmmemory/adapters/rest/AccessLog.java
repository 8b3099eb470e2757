package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.problem.Problems;
import dev.pmmemory.adapters.rest.auth.AccessControl;
import dev.pmmemory.adapters.rest.dto.FeedbackResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * One INFO line per request: request id, method, path, profile, key name, status, outcome and
 * time taken. Never the body or the query string: they carry what the PM said.
 * The request id is the caller's {@code X-Request-Id} when it is a plain token, else a new one,
 * and is echoed back.
 */
public class AccessLog {
    static final String REQUEST_ID = "X-Request-Id";
    private static final Logger LOG = Logger.getLogger("pm-memory.access");
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");
    private static final String STARTED = "pm-memory.started-nanos";
    private static final String ID = "pm-memory.request-id";

    @ServerRequestFilter(preMatching = true)
    public void start(ContainerRequestContext request) {
        String given = request.getHeaderString(REQUEST_ID);
        request.setProperty(ID, given != null && SAFE_ID.matcher(given).matches() ? given : UUID.randomUUID().toString());
        request.setProperty(STARTED, System.nanoTime());
    }

    @ServerResponseFilter
    public void finish(ContainerRequestContext request, ContainerResponseContext response) {
        Object id = request.getProperty(ID);
        if (id != null) {
            response.getHeaders().putSingle(REQUEST_ID, id);
        }
        Object started = request.getProperty(STARTED);
        long micros = started instanceof Long t ? (System.nanoTime() - t) / 1000 : -1;
        String profile = request.getUriInfo().getPathParameters().getFirst("profile_id");
        Object key = request.getProperty(AccessControl.KEY_NAME);
        if (!LOG.isInfoEnabled()) {
            return;
        }
        // the line infof("... duration_ms=%.1f") wrote, built without java.util.Formatter: printf
        // formatting was most of the logging cost of a request (JFR, bench/writes/README.md §4)
        StringBuilder line = new StringBuilder(160).append("request_id=").append(id)
                .append(" method=").append(request.getMethod())
                .append(" path=").append(request.getUriInfo().getPath())
                .append(" profile=").append(profile == null ? "-" : profile)
                .append(" key=").append(key == null ? "-" : key)
                .append(" status=").append(response.getStatus())
                .append(" outcome=").append(outcome(response.getEntity()))
                .append(" duration_ms=");
        appendMillis(line, micros);
        LOG.info(line);
    }

    private record Symbols(Locale locale, DecimalFormatSymbols symbols) {
    }

    /** The default format locale's symbols, looked up again only when that locale changes. */
    private static volatile Symbols symbols = new Symbols(Locale.ROOT, DecimalFormatSymbols.getInstance(Locale.ROOT));

    /**
     * {@code micros / 1000.0} as {@code %.1f} prints it: one decimal, half up, the default locale's
     * decimal separator (and, for a locale with other digits, the Formatter itself).
     */
    static void appendMillis(StringBuilder out, long micros) {
        Locale locale = Locale.getDefault(Locale.Category.FORMAT);
        Symbols cached = symbols;
        if (!cached.locale().equals(locale)) {
            cached = new Symbols(locale, DecimalFormatSymbols.getInstance(locale));
            symbols = cached;
        }
        DecimalFormatSymbols symbols = cached.symbols();
        if (symbols.getZeroDigit() != '0' || symbols.getMinusSign() != '-') {
            out.append(String.format(locale, "%.1f", micros / 1000.0));
            return;
        }
        long magnitude = Math.abs(micros);
        long tenths = (magnitude + 50) / 100;
        if (micros < 0) {
            out.append('-');
        }
        out.append(tenths / 10).append(symbols.getDecimalSeparator()).append(tenths % 10);
    }

    private static String outcome(Object entity) {
        if (entity instanceof FeedbackResponse f) {
            return f.outcome();
        }
        if (entity instanceof Problem p) {
            return p.type().substring(Problems.TYPE_PREFIX.length());
        }
        return "-";
    }
}
