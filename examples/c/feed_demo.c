/*
 * feed_demo.c — a feed of text cards measured as they come on screen (self-sizing), with
 * scroll anchoring, a fling that snaps to a line, a jump to a card and a prepend at the top.
 *
 * The cards' heights depend on their text, known only once a card is "rendered": the section
 * gives one estimated size (cl_section_metrics.estimated), and the app reports the real sizes
 * of the cards on screen in one call (cl_layout_set_item_sizes). The layout re-flows from the
 * first card that changed and moves the viewport with the first visible card (anchoring), so
 * what the reader sees stays where it is; the app moves its scroll position by the adjustment
 * in the same frame. Headless: it prints what a UI would do.
 *
 *   make demo        (or: cc -std=c99 feed_demo.c $(pkg-config --cflags --libs collectionlayout))
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "collectionlayout.h"

enum { MAX_CARDS = 20000, SCREEN = 64 };
static const cl_rect screen_size = {0, 0, 390, 844};

/* ---- The app's data: card i shows message first_id + i; its text decides its height ------- */

typedef struct feed {
    int64_t count, first_id;
    bool measured[MAX_CARDS];
} feed;

/* The height a card's text takes once laid out: 1 to 6 lines of 18 pt plus 28 pt of padding. */
static double text_height(int64_t message_id) {
    uint64_t z = (uint64_t)message_id * 0x9E3779B97F4A7C15ull;
    z ^= z >> 31;
    return 28 + 18 * (double)(1 + z % 6);
}

static cl_status item_count(void *user_data, int64_t section, int64_t *out) {
    (void)section;
    *out = ((const feed *)user_data)->count;
    return CL_OK;
}

/* One estimated size for every card not measured yet: item_sizes is never asked. */
static cl_status section_metrics(void *user_data, int64_t section, cl_section_metrics *inout) {
    (void)user_data, (void)section;
    inout->estimated = 1;
    inout->estimated_item_size = (cl_size){358, 64};
    return CL_OK;
}

/* ---- What the UI does each frame -------------------------------------------------------- */

static void fail(const cl_layout *layout, const char *what) {
    fprintf(stderr, "%s: %s\n", what, cl_layout_last_error(layout));
}

/* "Renders" the cards on screen and half a screen above and below it (prefetching, so that a
 * card is measured before it shows): measures those not measured yet and reports them in one
 * call. Cards above the first visible one that change size move the origin by the adjustment,
 * so what is on screen stays. Measuring can bring new cards into the area (estimates were
 * taller): repeat until none is new. */
static bool measure_screen(cl_layout *layout, feed *f, const char *when) {
    double adjusted = 0, grown = 0;
    int rounds = 0, total = 0;
    for (;;) {
        cl_rect viewport;
        cl_attributes on_screen[SCREEN];
        int64_t count = 0;
        if (cl_layout_viewport(layout, &viewport) != CL_OK) return false;
        const cl_rect area = {viewport.x, viewport.y - viewport.height / 2, viewport.width, 2 * viewport.height};
        if (cl_layout_elements_in_rect(layout, area, on_screen, SCREEN, sizeof on_screen[0], &count) != CL_OK) {
            fail(layout, "query");
            return false;
        }
        cl_item_size sizes[SCREEN];
        int64_t n = 0;
        for (int64_t k = 0; k < count; k++) {
            const int64_t item = on_screen[k].item;
            if (on_screen[k].category != CL_CATEGORY_CELL || f->measured[item]) continue;
            f->measured[item] = true;
            sizes[n++] = (cl_item_size){{0, item}, {358, text_height(f->first_id + item)}};
        }
        if (n == 0) break;
        cl_size_change change;
        if (cl_layout_set_item_sizes(layout, sizes, n, &change, sizeof change) != CL_OK) {
            fail(layout, "cl_layout_set_item_sizes");
            return false;
        }
        adjusted += change.adjustment;
        grown += change.content_size_change;
        total += (int)n;
        rounds++;
    }
    cl_rect viewport;
    cl_size content;
    cl_layout_viewport(layout, &viewport);
    cl_layout_content_size(layout, &content);
    printf("  %-22s measured %2d cards in %d call%s: origin moved %+7.1f, content %+7.1f -> origin %8.1f of %9.1f\n",
           when, total, rounds, rounds == 1 ? "" : "s", adjusted, grown, viewport.y, content.height);
    return true;
}

/* The first card on screen and where it is on screen (its y minus the origin). */
static void first_visible(const cl_layout *layout, int64_t *item, double *on_screen_y) {
    cl_rect viewport;
    cl_attributes cells[SCREEN];
    int64_t count = 0;
    cl_layout_viewport(layout, &viewport);
    cl_layout_elements_in_rect(layout, viewport, cells, SCREEN, sizeof cells[0], &count);
    *item = -1;
    for (int64_t k = 0; k < count; k++)
        if (cells[k].category == CL_CATEGORY_CELL && (*item < 0 || cells[k].item < *item)) {
            *item = cells[k].item;
            *on_screen_y = cells[k].frame.y - viewport.y;
        }
}

static bool scroll_to(cl_layout *layout, double origin) {
    cl_rect viewport = screen_size;
    viewport.y = origin;
    return cl_layout_set_viewport(layout, viewport) == CL_OK;
}

int main(void) {
    static feed f = {.count = 10000, .first_id = 0};
    cl_layout_def def = cl_layout_def_default();
    def.viewport = screen_size;
    def.insets = (cl_insets){16, 16, 16, 16};
    def.line_spacing = 8;
    def.anchoring = 1;  /* the default: measured sizes above the screen do not move what is read */
    cl_data_source source = cl_data_source_default();
    source.user_data = &f;
    source.item_count = item_count;
    source.section_metrics = section_metrics;
    cl_layout *layout = NULL;
    if (cl_layout_create(&def, &source, &layout) != CL_OK) {
        fprintf(stderr, "cl_layout_create: %s\n", cl_layout_last_error(NULL));
        return 1;
    }
    cl_size content;
    cl_layout_content_size(layout, &content);
    printf("%lld cards at an estimated 64 pt: content %.1f pt\n", (long long)f.count, content.height);
    bool ok = measure_screen(layout, &f, "first screen");

    /* The reader drags to 30,000 pt and lets go at 2,500 pt/s: the fling comes to rest at a line
     * (a card's top) near where it would stop, not in the middle of a card. */
    double target = 0;
    ok = ok && scroll_to(layout, 30000) && measure_screen(layout, &f, "dragged to 30,000");
    cl_rect viewport;
    cl_layout_viewport(layout, &viewport);
    ok = ok && cl_layout_target_content_offset(layout, viewport.y, 2500, CL_SNAP_LINE, CL_DECELERATION_NORMAL, &target) == CL_OK;
    printf("  fling at 2,500 pt/s from %.1f: rests at %.1f (a card's top; no snapping: %.1f)\n", viewport.y, target,
           viewport.y + 2.5 * CL_DECELERATION_NORMAL / (1 - CL_DECELERATION_NORMAL));
    ok = ok && scroll_to(layout, target) && measure_screen(layout, &f, "after the fling");

    /* "Jump to card 5,000": the viewport that shows it at the top; measuring the new screen moves
     * the cards above it by nothing (anchoring keeps card 5,000 where it is). */
    cl_rect jump;
    ok = ok && cl_layout_scroll_to_element(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 5000, CL_SCROLL_POSITION_START, &jump) == CL_OK;
    ok = ok && cl_layout_set_viewport(layout, jump) == CL_OK && measure_screen(layout, &f, "jumped to card 5,000");
    cl_attributes card;
    ok = ok && cl_layout_attributes(layout, CL_CATEGORY_CELL, CL_KIND_CELL, 0, 5000, &card, sizeof card) == CL_OK;
    cl_layout_viewport(layout, &viewport);
    printf("  card 5,000 is at %.1f on screen, where the jump put it\n", card.frame.y - viewport.y);

    /* 20 older messages arrive at the top: a batch update inserts them (at the estimate); the card
     * the reader looks at does not move on screen. */
    int64_t before_item = -1, after_item = -1;
    double before_y = 0, after_y = 0;
    first_visible(layout, &before_item, &before_y);
    memmove(f.measured + 20, f.measured, (size_t)f.count * sizeof f.measured[0]);
    memset(f.measured, 0, 20 * sizeof f.measured[0]);
    f.count += 20;
    f.first_id -= 20;
    cl_index_path inserted[20];
    for (int k = 0; k < 20; k++) inserted[k] = (cl_index_path){0, k};
    cl_batch_update update = cl_batch_update_default();
    update.insert_items = inserted;
    update.insert_item_count = 20;
    cl_update_summary summary;
    ok = ok && cl_layout_perform_batch_update(layout, &update, &summary, sizeof summary) == CL_OK;
    first_visible(layout, &after_item, &after_y);
    printf("  prepended 20 cards: origin moved %+.1f; the first card on screen was %lld at %.1f, is %lld at %.1f\n",
           summary.adjustment, (long long)before_item, before_y, (long long)after_item, after_y);
    ok = ok && measure_screen(layout, &f, "after the prepend");
    if (!ok) fail(layout, "feed_demo");
    cl_layout_destroy(layout);
    return ok ? 0 : 1;
}
