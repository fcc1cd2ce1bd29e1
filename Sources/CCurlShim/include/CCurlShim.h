#ifndef FM_CURL_SHIM_H
#define FM_CURL_SHIM_H
#include <curl/curl.h>

/* libcurl is not linked: it is loaded with dlopen on the first request, so start-up (--help,
   --version, completion) does not pay for mapping it and its ~35 dependencies. Every call goes
   through these wrappers, which also type curl_easy_setopt/getinfo, variadic in C (Swift cannot
   call those). Calling curl_* directly from Swift would fail to link, by design. */

/* Loads libcurl (libcurl.so.4) and runs curl_global_init once; thread-safe. Returns NULL when
   ready, else why it could not be loaded (a static string). */
const char *fm_curl_load(void);

typedef size_t (*fm_curl_data_fn)(char *data, size_t size, size_t nmemb, void *userdata);
/* CURLOPT_XFERINFOFUNCTION: called about once a second even while nothing arrives; non-zero aborts. */
typedef int (*fm_curl_xferinfo_fn)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

CURL *fm_curl_easy_init(void);
void fm_curl_easy_cleanup(CURL *handle);
void fm_curl_easy_reset(CURL *handle);
CURLcode fm_curl_easy_perform(CURL *handle);
const char *fm_curl_easy_strerror(CURLcode code);
struct curl_slist *fm_curl_slist_append(struct curl_slist *list, const char *value);
void fm_curl_slist_free_all(struct curl_slist *list);

CURLcode fm_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode fm_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode fm_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode fm_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode fm_curl_setopt_datafn(CURL *handle, CURLoption option, fm_curl_data_fn value);
CURLcode fm_curl_setopt_xferinfofn(CURL *handle, CURLoption option, fm_curl_xferinfo_fn value);
CURLcode fm_curl_setopt_off(CURL *handle, CURLoption option, long long value);
CURLcode fm_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode fm_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);

#endif
