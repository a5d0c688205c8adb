/* The JSON reader: values, escapes, nesting and rejected input. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "tests.h"

static void reads_values(void *context) {
    (void)context;
    char error[128];
    json_value *v = json_parse(
        " {\"a\": [1, -2.5e2, 0.125], \"s\": \"x\\\"\\\\\\/\\n\\u00e9\\ud83d\\ude00\", "
        "\"t\": true, \"f\": false, \"n\": null, \"o\": {\"k\": {}}, \"e\": [], \"a\": [7]} ",
        error, sizeof error);
    if (!CHECK(v != NULL, "parse failed: %s", error)) return;
    CHECK(json_length(json_get(v, "a")) == 1, "a repeated key takes its last value");
    CHECK(json_number(json_at(json_get(v, "a"), 0), 0) == 7, "a[0]");
    CHECK(strcmp(json_string(json_get(v, "s"), ""), "x\"\\/\n\xc3\xa9\xf0\x9f\x98\x80") == 0,
          "escapes and surrogate pairs decode to UTF-8");
    CHECK(json_bool(json_get(v, "t"), false) && !json_bool(json_get(v, "f"), true), "booleans");
    CHECK(json_get(v, "n") && json_get(v, "n")->type == JSON_NULL, "null");
    CHECK(json_get(json_get(v, "o"), "k")->type == JSON_OBJECT, "nested object");
    CHECK(json_length(json_get(v, "e")) == 0, "empty array");
    CHECK(json_number(json_get(v, "missing"), 42) == 42, "fallback for a missing key");
    CHECK(json_number(json_get(v, "s"), -1) == -1, "fallback for a wrong type");
    json_free(v);

    v = json_parse("[-0.5e-1, 1E+2, 0, 1e-400]", error, sizeof error);
    CHECK(v && fabs(json_number(json_at(v, 0), 0) + 0.05) < 1e-15 &&
              json_number(json_at(v, 1), 0) == 100 && json_number(json_at(v, 3), 1) == 0,
          "exponents, and underflow to 0");
    json_free(v);
}

static void rejects_malformed_input(void *context) {
    (void)context;
    static const char *const bad[] = {
        "", "[1,]", "{\"a\" 1}", "[1 2]", "01", "1.", ".5", "+1", "0x10", "nan", "[\"\\x\"]",
        "\"abc", "[\"\\ud800\"]", "\"tab\there\"", "tru", "{} {}", "[1e999]", "{1: 2}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char error[128] = "";
        json_value *v = json_parse(bad[i], error, sizeof error);
        CHECK(v == NULL && error[0] != '\0', "accepted malformed JSON %s", bad[i]);
        json_free(v);
    }
    char deep[1200];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    char error[128];
    CHECK(json_parse(deep, error, sizeof error) == NULL, "deep nesting is rejected, not a crash");
}

void json_tests(void) {
    run_test("json: reads values", reads_values, NULL);
    run_test("json: rejects malformed input", rejects_malformed_input, NULL);
}
