package dev.pmmemory.adapters.rest.auth;

import dev.pmmemory.application.access.Scope;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The scope a key needs for a resource method (or every method of a class). A method without
 * one needs {@link Scope#ADMIN}: forgetting the annotation fails closed.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RequiresScope {
    Scope value();
}
