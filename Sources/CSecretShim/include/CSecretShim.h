#ifndef FEDICTL_CSECRETSHIM_H
#define FEDICTL_CSECRETSHIM_H

#include <libsecret/secret.h>

/// Typed, non-variadic wrappers around secret_password_{store,lookup,clear}_sync for the
/// `org.fedictl.Secret` schema (attributes service=fedictl, account, instance, kind).
/// All are blocking D-Bus calls; callers bound them with a timeout.

/// The schema, for tests and diagnostics.
const SecretSchema *fm_secret_schema(void);

/// Stores (or replaces) the secret in the default collection. Returns TRUE on success.
gboolean fm_secret_store(const char *account, const char *instance, const char *kind,
                         const char *label, const char *secret, GError **error);

/// Returns the secret, or NULL if there is none (error unset) or on failure (error set).
/// Free the result with fm_secret_free.
char *fm_secret_lookup(const char *account, const char *instance, const char *kind, GError **error);

/// Removes the secret. Returns TRUE if an item was removed; FALSE with error unset if none existed.
gboolean fm_secret_clear(const char *account, const char *instance, const char *kind, GError **error);

/// Wipes and frees a string returned by fm_secret_lookup (secret_password_free). NULL is allowed.
void fm_secret_free(char *secret);

#endif
