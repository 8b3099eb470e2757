package dev.pmmemory.adapters.rest.auth;

import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.adapters.rest.problem.Problems;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.ManageTeams;
import dev.pmmemory.application.access.AgentName;
import dev.pmmemory.application.access.ApiKey;
import dev.pmmemory.application.access.ApiKeys;
import dev.pmmemory.application.access.RateLimiter;
import dev.pmmemory.application.access.Scope;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * api.md "Auth": a bearer key is required once keys are configured; missing or unknown → 401,
 * outside the key's scope or profiles → 403, over its rate → 429. The key itself never reaches a
 * log or a response: only its name is kept, for the access log. The agent named in
 * {@code x-agent-id} is kept for the audit trail, keys or not.
 */
public class AccessControl {
    /** Request property holding the authenticated key's name. */
    public static final String KEY_NAME = "pm-memory.key-name";

    private final ApiKeys keys;
    private final RateLimiter rateLimiter;
    private final Caller caller;
    private final ManageTeams teams;

    public AccessControl(ApiKeys keys, RateLimiter rateLimiter, Caller caller, ManageTeams teams) {
        this.teams = teams;
        this.keys = keys;
        this.rateLimiter = rateLimiter;
        this.caller = caller;
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    public Optional<Response> check(ContainerRequestContext request, ResourceInfo resource) {
        caller.calledThrough(AgentName.of(request.getHeaderString(AgentName.HEADER)).orElse(null));
        String profile = request.getUriInfo().getPathParameters().getFirst("profile_id");
        if (TeamOwner.isTeam(profile)) {
            // a team's memories are read through /v1/teams only, where the team's reach is checked
            return Optional.of(Problems.response(400, "invalid-input", "Invalid input", "invalid field(s): profile_id",
                    List.of(new Problem.FieldError("profile_id", "must be 1 to 128 characters of A-Z a-z 0-9 _ . : -"
                            + " with at least one letter or digit"))));
        }
        if (!keys.enabled()) {
            return Optional.empty();
        }
        Optional<String> secret = ApiKeys.bearerSecret(request.getHeaderString(HttpHeaders.AUTHORIZATION));
        if (secret.isEmpty()) {
            return Optional.of(unauthorized("an API key is required: Authorization: Bearer <key>"));
        }
        Optional<ApiKey> key = keys.authenticate(secret.get());
        if (key.isEmpty()) {
            return Optional.of(unauthorized("the API key is not known"));
        }
        ApiKey k = key.get();
        request.setProperty(KEY_NAME, k.name());
        caller.authenticatedAs(k.name());
        Optional<String> refusal = k.scopeRefusal(requiredScope(resource));
        String team = request.getUriInfo().getPathParameters().getFirst("team_id");
        if (refusal.isEmpty() && profile != null) {
            refusal = profileRefusal(k, profile);
        }
        if (refusal.isEmpty() && team != null) {
            refusal = k.teamRefusal(team);
        }
        if (refusal.isPresent()) {
            return Optional.of(Problems.response(403, "forbidden", "Forbidden", refusal.get(), List.of()));
        }
        long wait = rateLimiter.secondsToWait(k.name());
        if (wait > 0) {
            return Optional.of(Response.fromResponse(Problems.response(429, "rate-limited", "Too Many Requests",
                    "key " + k.name() + " is over its rate limit", List.of()))
                    .header("Retry-After", Long.toString(wait)).build());
        }
        return Optional.empty();
    }

    /** A team-scoped key reaches the profiles of its team's members, as they are now. */
    private Optional<String> profileRefusal(ApiKey k, String profile) {
        if (k.team().isEmpty()) {
            return k.profileRefusal(profile);
        }
        return teams.isMember(k.team().get(), profile) ? Optional.empty()
                : Optional.of("key " + k.name() + " may not touch this profile: it is no member of team "
                        + k.team().get());
    }

    private static Scope requiredScope(ResourceInfo resource) {
        RequiresScope onMethod = resource.getResourceMethod() == null ? null
                : resource.getResourceMethod().getAnnotation(RequiresScope.class);
        if (onMethod != null) {
            return onMethod.value();
        }
        RequiresScope onClass = resource.getResourceClass() == null ? null
                : resource.getResourceClass().getAnnotation(RequiresScope.class);
        return onClass != null ? onClass.value() : Scope.ADMIN;
    }

    private static Response unauthorized(String detail) {
        return Response.fromResponse(Problems.response(401, "unauthorized", "Unauthorized", detail, List.of()))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build();
    }
}
