/* nlcal_icu.c — the only file of nlcal that sees ICU headers. See include/nlcal_icu.h. */
#include "nlcal_icu.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

struct nlcal_word_breaker {
    UBreakIterator *iterator;
    UChar *text;          /* owned copy: ICU keeps a pointer to the text it iterates */
    int32_t capacity;     /* in UTF-16 units */
    int32_t has_text;
};

/* ICU errors are positive; warnings are negative and are not failures. */
static int32_t negated(UErrorCode status) { return status > 0 ? -(int32_t)status : -1; }

nlcal_word_breaker *nlcal_word_breaker_create(const char *locale, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    if (error_code) *error_code = 0;
    nlcal_word_breaker *breaker = calloc(1, sizeof *breaker);
    if (!breaker) {
        if (error_code) *error_code = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    breaker->iterator = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status) || !breaker->iterator) {
        if (breaker->iterator) ubrk_close(breaker->iterator);
        free(breaker);
        if (error_code) *error_code = U_FAILURE(status) ? (int32_t)status : (int32_t)U_INTERNAL_PROGRAM_ERROR;
        return NULL;
    }
    return breaker;
}

void nlcal_word_breaker_destroy(nlcal_word_breaker *breaker) {
    if (!breaker) return;
    if (breaker->iterator) ubrk_close(breaker->iterator);
    free(breaker->text);
    free(breaker);
}

int32_t nlcal_word_breaker_set_text(nlcal_word_breaker *breaker, const uint16_t *text, int32_t length) {
    if (!breaker || !breaker->iterator || length < 0 || (length > 0 && !text)) {
        return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    breaker->has_text = 0;
    int32_t needed = length > 0 ? length : 1;
    if (needed > breaker->capacity) {
        int32_t grown = breaker->capacity > 0 ? breaker->capacity : 64;
        while (grown < needed) {
            if (grown > INT32_MAX / 2) { grown = needed; break; }
            grown *= 2;
        }
        UChar *bigger = realloc(breaker->text, (size_t)grown * sizeof(UChar));
        if (!bigger) return -(int32_t)U_MEMORY_ALLOCATION_ERROR;
        breaker->text = bigger;
        breaker->capacity = grown;
    }
    if (length > 0) memcpy(breaker->text, text, (size_t)length * sizeof(UChar));
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, breaker->text, length, &status);
    if (U_FAILURE(status)) return negated(status);
    breaker->has_text = 1;
    return 0;
}

int32_t nlcal_word_breaker_next(nlcal_word_breaker *breaker, int32_t *rule_status) {
    if (!breaker || !breaker->has_text) return -1;
    int32_t offset = ubrk_next(breaker->iterator);
    if (offset == UBRK_DONE) return -1;
    if (rule_status) *rule_status = ubrk_getRuleStatus(breaker->iterator);
    return offset;
}

int32_t nlcal_word_breaker_boundaries(nlcal_word_breaker *breaker, int32_t *offsets, int32_t *statuses,
                                      int32_t capacity) {
    if (!breaker || !offsets || capacity < 0) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    if (!breaker->has_text) return 0;
    int32_t count = 0;
    while (count < capacity) {
        int32_t offset = ubrk_next(breaker->iterator);
        if (offset == UBRK_DONE) {
            breaker->has_text = 0; /* exhausted: further calls return 0 */
            break;
        }
        offsets[count] = offset;
        if (statuses) statuses[count] = ubrk_getRuleStatus(breaker->iterator);
        count++;
    }
    return count;
}

int32_t nlcal_nfkc_casefold(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity) {
    if (length < 0 || capacity < 0 || (length > 0 && !source) || (capacity > 0 && !dest)) {
        return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&status);
    if (U_FAILURE(status) || !normalizer) return negated(status);
    if (length == 0) return 0;
    /* ICU rejects source == dest; callers pass distinct buffers, but guard anyway. */
    if ((const void *)source == (const void *)dest) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    int32_t written = unorm2_normalize(normalizer, source, length, dest, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return written;
    if (U_FAILURE(status)) return negated(status);
    return written;
}

const char *nlcal_icu_error_name(int32_t code) {
    if (code < 0) code = -code;
    const char *name = u_errorName((UErrorCode)code);
    return name ? name : "U_UNKNOWN_ERROR";
}
