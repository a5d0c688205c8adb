/*
 * json.h — a small JSON reader for the C tests (RFC 8259 values, UTF-8 text).
 *
 * json_parse() builds a tree of json_value; json_free() releases it. The lookup helpers accept
 * NULL and wrong types, so a reader can write json_number(json_get(obj, "x"), 0) and get the
 * fallback for a missing key without checking every step.
 */
#ifndef CL_TESTS_JSON_H
#define CL_TESTS_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum json_type {
    JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT
} json_type;

typedef struct json_value json_value;
struct json_value {
    json_type type;
    double number;      /* JSON_NUMBER; JSON_BOOL as 0 or 1 */
    char *string;       /* JSON_STRING, NUL-terminated UTF-8 */
    size_t count;       /* JSON_ARRAY elements, JSON_OBJECT members */
    json_value *items;  /* JSON_ARRAY elements, JSON_OBJECT member values */
    char **keys;        /* JSON_OBJECT member names, parallel to items */
};

/* Parses text; on failure returns NULL and writes a message with the byte offset to error. */
json_value *json_parse(const char *text, char *error, size_t error_size);
/* Reads and parses a whole file; NULL with a message on failure. */
json_value *json_parse_file(const char *path, char *error, size_t error_size);
void json_free(json_value *value);

/* The member named key of an object (the last one if repeated), or NULL. */
const json_value *json_get(const json_value *object, const char *key);
/* Element i of an array, or NULL. */
const json_value *json_at(const json_value *array, size_t i);
/* Element count of an array (0 for anything else). */
size_t json_length(const json_value *array);

double json_number(const json_value *value, double fallback);
bool json_bool(const json_value *value, bool fallback);
const char *json_string(const json_value *value, const char *fallback);

#endif
