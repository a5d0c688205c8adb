/* json.c — a recursive-descent JSON reader; see json.h. */
#include "json.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 256 };  /* deeper documents are rejected instead of exhausting the stack */

typedef struct parser {
    const char *start, *p;
    char *error;
    size_t error_size;
    int depth;
} parser;

static bool fail(parser *ps, const char *fmt, ...) {
    if (ps->error_size > 0 && ps->error[0] == '\0') {  /* keep the first, innermost message */
        int n = snprintf(ps->error, ps->error_size, "offset %ld: ", (long)(ps->p - ps->start));
        if (n >= 0 && (size_t)n < ps->error_size) {
            va_list args;
            va_start(args, fmt);
            vsnprintf(ps->error + n, ps->error_size - (size_t)n, fmt, args);
            va_end(args);
        }
    }
    return false;
}

static void skip_space(parser *ps) {
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r') ps->p++;
}

static bool literal(parser *ps, const char *word) {
    size_t n = strlen(word);
    if (strncmp(ps->p, word, n) != 0) return fail(ps, "unexpected character '%c'", *ps->p);
    ps->p += n;
    return true;
}

/* A byte buffer that grows by doubling. */
typedef struct buffer { char *data; size_t length, capacity; } buffer;

static bool buffer_reserve(buffer *b, size_t extra) {
    if (b->length + extra <= b->capacity) return true;
    size_t capacity = b->capacity ? b->capacity : 16;
    while (capacity < b->length + extra) capacity *= 2;
    char *data = realloc(b->data, capacity);
    if (!data) return false;
    b->data = data;
    b->capacity = capacity;
    return true;
}

static bool buffer_append(buffer *b, const void *bytes, size_t n) {
    if (!buffer_reserve(b, n)) return false;
    memcpy(b->data + b->length, bytes, n);
    b->length += n;
    return true;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool read_hex4(parser *ps, uint32_t *out) {
    uint32_t code = 0;
    for (int i = 0; i < 4; i++) {
        int digit = hex_digit(ps->p[i]);
        if (digit < 0) return fail(ps, "bad \\u escape");
        code = code * 16 + (uint32_t)digit;
    }
    ps->p += 4;
    *out = code;
    return true;
}

static bool append_utf8(buffer *b, uint32_t code) {
    unsigned char bytes[4];
    size_t n;
    if (code < 0x80) {
        bytes[0] = (unsigned char)code; n = 1;
    } else if (code < 0x800) {
        bytes[0] = (unsigned char)(0xC0 | code >> 6);
        bytes[1] = (unsigned char)(0x80 | (code & 0x3F)); n = 2;
    } else if (code < 0x10000) {
        bytes[0] = (unsigned char)(0xE0 | code >> 12);
        bytes[1] = (unsigned char)(0x80 | (code >> 6 & 0x3F));
        bytes[2] = (unsigned char)(0x80 | (code & 0x3F)); n = 3;
    } else {
        bytes[0] = (unsigned char)(0xF0 | code >> 18);
        bytes[1] = (unsigned char)(0x80 | (code >> 12 & 0x3F));
        bytes[2] = (unsigned char)(0x80 | (code >> 6 & 0x3F));
        bytes[3] = (unsigned char)(0x80 | (code & 0x3F)); n = 4;
    }
    return buffer_append(b, bytes, n);
}

/* A \uXXXX escape, joining a UTF-16 surrogate pair into one code point. */
static bool unicode_escape(parser *ps, buffer *b) {
    uint32_t code;
    if (!read_hex4(ps, &code)) return false;
    if (code >= 0xD800 && code <= 0xDBFF) {
        uint32_t low;
        if (ps->p[0] != '\\' || ps->p[1] != 'u') return fail(ps, "lone high surrogate");
        ps->p += 2;
        if (!read_hex4(ps, &low)) return false;
        if (low < 0xDC00 || low > 0xDFFF) return fail(ps, "bad low surrogate");
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    } else if (code >= 0xDC00 && code <= 0xDFFF) {
        return fail(ps, "lone low surrogate");
    }
    return append_utf8(b, code) || fail(ps, "out of memory");
}

/* Reads a string after its opening quote into a new NUL-terminated heap string. */
static bool parse_string(parser *ps, char **out) {
    static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";  /* pairs: escape letter, byte */
    buffer b = {0};
    for (;;) {
        char c = *ps->p;
        if (c == '"') break;
        if (c == '\0') { free(b.data); return fail(ps, "unterminated string"); }
        if ((unsigned char)c < 0x20) { free(b.data); return fail(ps, "control character in string"); }
        ps->p++;
        bool ok;
        if (c != '\\') {
            ok = buffer_append(&b, &c, 1) || fail(ps, "out of memory");
        } else if (*ps->p == 'u') {
            ps->p++;
            ok = unicode_escape(ps, &b);
        } else {
            const char *pair = NULL;
            for (const char *e = escapes; *e; e += 2)
                if (*e == *ps->p) { pair = e; break; }
            ok = pair ? (ps->p++, buffer_append(&b, pair + 1, 1) || fail(ps, "out of memory"))
                      : fail(ps, "bad escape '\\%c'", *ps->p);
        }
        if (!ok) { free(b.data); return false; }
    }
    ps->p++;  /* closing quote */
    if (!buffer_append(&b, "", 1)) { free(b.data); return fail(ps, "out of memory"); }
    *out = b.data;
    return true;
}

static bool parse_number(parser *ps, double *out) {
    /* Check the JSON grammar first: strtod alone would also take "0x1p3", "inf" or "+1". */
    const char *q = ps->p;
    if (*q == '-') q++;
    if (*q == '0') q++;
    else if (*q >= '1' && *q <= '9') while (*q >= '0' && *q <= '9') q++;
    else return fail(ps, "bad number");
    if (*q == '.') {
        q++;
        if (!(*q >= '0' && *q <= '9')) return fail(ps, "bad fraction");
        while (*q >= '0' && *q <= '9') q++;
    }
    if (*q == 'e' || *q == 'E') {
        q++;
        if (*q == '+' || *q == '-') q++;
        if (!(*q >= '0' && *q <= '9')) return fail(ps, "bad exponent");
        while (*q >= '0' && *q <= '9') q++;
    }
    *out = strtod(ps->p, NULL);
    ps->p = q;
    return !isinf(*out) || fail(ps, "number out of range");  /* underflow to 0 is fine */
}

static void release(json_value *v);
static bool parse_value(parser *ps, json_value *out);

/* Arrays and objects: a comma-separated list of values (with "key": in front for objects). */
static bool parse_container(parser *ps, json_value *out, bool is_object) {
    char close = is_object ? '}' : ']';
    buffer values = {0}, keys = {0};
    out->type = is_object ? JSON_OBJECT : JSON_ARRAY;
    skip_space(ps);
    bool ok = true;
    if (*ps->p == close) {
        ps->p++;
    } else {
        for (;;) {
            char *key = NULL;
            json_value item = {0};
            skip_space(ps);
            if (is_object) {
                ok = (*ps->p == '"' || fail(ps, "expected a member name"));
                if (ok) { ps->p++; ok = parse_string(ps, &key); }
                if (ok) { skip_space(ps); ok = (*ps->p == ':' || fail(ps, "expected ':'")); }
                if (ok) ps->p++;
            }
            ok = ok && parse_value(ps, &item);
            if (ok && !(buffer_append(&values, &item, sizeof item) &&
                        (!is_object || buffer_append(&keys, &key, sizeof key)))) {
                ok = fail(ps, "out of memory");
            }
            if (!ok) {
                free(key);
                release(&item);
                break;
            }
            out->count++;
            skip_space(ps);
            if (*ps->p == ',') { ps->p++; continue; }
            if (*ps->p == close) { ps->p++; break; }
            ok = fail(ps, "expected ',' or '%c'", close);
            break;
        }
    }
    out->items = (json_value *)(void *)values.data;
    out->keys = (char **)(void *)keys.data;
    return ok;  /* on failure the caller releases what was read */
}

static bool parse_value(parser *ps, json_value *out) {
    skip_space(ps);
    if (++ps->depth > MAX_DEPTH) return fail(ps, "nested too deeply");
    bool ok;
    switch (*ps->p) {
    case '{': ps->p++; ok = parse_container(ps, out, true); break;
    case '[': ps->p++; ok = parse_container(ps, out, false); break;
    case '"': ps->p++; out->type = JSON_STRING; ok = parse_string(ps, &out->string); break;
    case 't': out->type = JSON_BOOL; out->number = 1; ok = literal(ps, "true"); break;
    case 'f': out->type = JSON_BOOL; out->number = 0; ok = literal(ps, "false"); break;
    case 'n': out->type = JSON_NULL; ok = literal(ps, "null"); break;
    case '\0': ok = fail(ps, "unexpected end of input"); break;
    default: out->type = JSON_NUMBER; ok = parse_number(ps, &out->number); break;
    }
    ps->depth--;
    return ok;
}

static void release(json_value *v) {
    for (size_t i = 0; i < v->count; i++) {
        release(&v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
}

json_value *json_parse(const char *text, char *error, size_t error_size) {
    parser ps = {text, text, error, error_size, 0};
    if (error_size > 0) error[0] = '\0';
    json_value *root = calloc(1, sizeof *root);
    if (!root) { fail(&ps, "out of memory"); return NULL; }
    bool ok = parse_value(&ps, root);
    if (ok) {
        skip_space(&ps);
        ok = *ps.p == '\0' || fail(&ps, "trailing characters");
    }
    if (!ok) { json_free(root); return NULL; }
    return root;
}

json_value *json_parse_file(const char *path, char *error, size_t error_size) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(error, error_size, "cannot open %s", path);
        return NULL;
    }
    buffer text = {0};
    char chunk[8192];
    size_t n;
    bool ok = true;
    while (ok && (n = fread(chunk, 1, sizeof chunk, file)) > 0) ok = buffer_append(&text, chunk, n);
    ok = ok && !ferror(file) && buffer_append(&text, "", 1);
    fclose(file);
    json_value *root = NULL;
    if (!ok) snprintf(error, error_size, "cannot read %s", path);
    else if (strlen(text.data) + 1 != text.length) snprintf(error, error_size, "NUL byte in %s", path);
    else root = json_parse(text.data, error, error_size);
    free(text.data);
    return root;
}

void json_free(json_value *value) {
    if (!value) return;
    release(value);
    free(value);
}

const json_value *json_get(const json_value *object, const char *key) {
    if (!object || object->type != JSON_OBJECT) return NULL;
    for (size_t i = object->count; i-- > 0;)
        if (strcmp(object->keys[i], key) == 0) return &object->items[i];
    return NULL;
}

const json_value *json_at(const json_value *array, size_t i) {
    return array && array->type == JSON_ARRAY && i < array->count ? &array->items[i] : NULL;
}

size_t json_length(const json_value *array) {
    return array && array->type == JSON_ARRAY ? array->count : 0;
}

double json_number(const json_value *value, double fallback) {
    return value && value->type == JSON_NUMBER ? value->number : fallback;
}

bool json_bool(const json_value *value, bool fallback) {
    return value && value->type == JSON_BOOL ? value->number != 0 : fallback;
}

const char *json_string(const json_value *value, const char *fallback) {
    return value && value->type == JSON_STRING ? value->string : fallback;
}
