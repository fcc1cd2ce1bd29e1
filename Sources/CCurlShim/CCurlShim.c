#include "CCurlShim.h"
#include <string.h>

CURLcode fm_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_datafn(CURL *h, CURLoption o, fm_curl_data_fn v) { return curl_easy_setopt(h, o, v); }
CURLcode fm_curl_setopt_off(CURL *h, CURLoption o, long long v) { return curl_easy_setopt(h, o, (curl_off_t)v); }
CURLcode fm_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
CURLcode fm_curl_getinfo_string(CURL *h, CURLINFO i, const char **v) { return curl_easy_getinfo(h, i, v); }
