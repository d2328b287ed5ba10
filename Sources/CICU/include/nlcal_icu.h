/*
 * nlcal_icu.h — the small C surface nlcal uses from the system ICU.
 *
 * This header deliberately exposes NO ICU type: Foundation bundles its own ICU, and importing
 * <unicode/*.h> into a Swift module clashes with it. Only plain C types cross this boundary:
 * UTF-16 text is `uint16_t`, offsets and ICU error codes are `int32_t`, handles are opaque.
 *
 * Errors are reported as return values, never by aborting: a negative return value is the
 * negated ICU `UErrorCode` (pass its absolute value to `nlcal_icu_error_name`).
 */
#ifndef NLCAL_ICU_H
#define NLCAL_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Rule-status ranges of a word segment, mirroring ICU's UWordBreak values. A segment whose
 * status is below NLCAL_WORD_NUMBER is not a word (spaces, punctuation, symbols). */
#define NLCAL_WORD_NONE         0
#define NLCAL_WORD_NUMBER     100
#define NLCAL_WORD_LETTER     200
#define NLCAL_WORD_KANA       300
#define NLCAL_WORD_IDEO       400
#define NLCAL_WORD_IDEO_LIMIT 500

/* A reusable ICU word break iterator (one UBreakIterator, re-targeted per text). Not thread-safe. */
typedef struct nlcal_word_breaker nlcal_word_breaker;

/* Opens a word breaker for `locale` (e.g. "en", "ja"; NULL means ICU's default locale).
 * Returns NULL on failure and, if `error_code` is not NULL, stores the (positive) ICU error code. */
nlcal_word_breaker *nlcal_word_breaker_create(const char *locale, int32_t *error_code);

/* Closes the iterator and frees the handle. NULL is ignored. */
void nlcal_word_breaker_destroy(nlcal_word_breaker *breaker);

/* Copies `length` UTF-16 units of `text` into the handle and points the iterator at them.
 * Returns 0, or a negative error. A negative `length` or NULL text with a positive length is an error. */
int32_t nlcal_word_breaker_set_text(nlcal_word_breaker *breaker, const uint16_t *text, int32_t length);

/* Advances to the next boundary. Returns its UTF-16 offset, or -1 once the end is passed
 * (or if no text was set). When a boundary is returned and `rule_status` is not NULL, stores the
 * status of the segment that ends at it (see the NLCAL_WORD_* ranges). */
int32_t nlcal_word_breaker_next(nlcal_word_breaker *breaker, int32_t *rule_status);

/* Fills up to `capacity` boundaries (the ones after offset 0, in order) with their segment
 * statuses, continuing from the current position. Returns how many were written (0 at the end),
 * or a negative error. Call again while it returns `capacity` to get the rest. */
int32_t nlcal_word_breaker_boundaries(nlcal_word_breaker *breaker, int32_t *offsets, int32_t *statuses,
                                      int32_t capacity);

/* NFKC + case folding (ICU's NFKC_Casefold) of `length` UTF-16 units of `source` into `dest`.
 * Returns the length of the full result: when it is greater than `capacity`, `dest` holds nothing
 * usable and the caller retries with a buffer at least that large. Returns a negative error otherwise. */
int32_t nlcal_nfkc_casefold(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity);

/* The symbolic name of an ICU error code ("U_ILLEGAL_ARGUMENT_ERROR"); accepts the negative
 * values returned above too. Never returns NULL. */
const char *nlcal_icu_error_name(int32_t code);

#ifdef __cplusplus
}
#endif

#endif /* NLCAL_ICU_H */
