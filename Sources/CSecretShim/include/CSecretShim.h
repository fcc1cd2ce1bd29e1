#ifndef FEDICTL_CSECRETSHIM_H
#define FEDICTL_CSECRETSHIM_H

/* Typed, non-variadic wrappers around secret_password_{store,lookup,clear}_sync for the
   `org.fedictl.Secret` schema (attributes service=fedictl, account, instance, kind).
   libsecret is not linked: it is loaded with dlopen on the first keyring call, so commands that
   need no secret do not pay for mapping it, GLib and GIO. This header uses plain C types only.
   All calls are blocking D-Bus round trips; callers bound them with a timeout. */

/* What went wrong in a call: the GError's domain name, code and message (owned; release with
   fm_secret_error_clear). `failed` is 0 when the call succeeded. */
typedef struct {
    int failed;
    int code;
    char *domain;
    char *message;
} fm_secret_error;

/* Loads libsecret (libsecret-1.so.0) once; thread-safe. Returns NULL when ready, else why not. */
const char *fm_secret_load(void);

/* Stores (or replaces) the secret in the default collection. Returns 1 on success. */
int fm_secret_store(const char *account, const char *instance, const char *kind,
                    const char *label, const char *secret, fm_secret_error *error);

/* Returns the secret, or NULL if there is none (error->failed 0) or on failure (error->failed 1).
   Free the result with fm_secret_free. */
char *fm_secret_lookup(const char *account, const char *instance, const char *kind, fm_secret_error *error);

/* Removes the secret. Returns 1 if an item was removed; 0 with error->failed 0 if none existed. */
int fm_secret_clear(const char *account, const char *instance, const char *kind, fm_secret_error *error);

/* How many items of this key sit in a locked collection (which lookup and clear pass over
   silently, as if absent). Never prompts to unlock. Returns -1 on failure (see error). */
int fm_secret_locked(const char *account, const char *instance, const char *kind, fm_secret_error *error);

/* Wipes and frees a string returned by fm_secret_lookup (secret_password_free). NULL is allowed. */
void fm_secret_free(char *secret);

/* Frees the strings in an error filled by one of the calls above. */
void fm_secret_error_clear(fm_secret_error *error);

#endif
