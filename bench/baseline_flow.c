/* baseline_flow.c — the plain C loop the engine is measured against.
 *
 * It computes what a vertical flow section computes (SPEC §3) for sections without headers,
 * footers or inline elements: greedy line breaking, line thickness, justified positions along
 * the line (including the last-line rule) and centred cross alignment. It writes every item's
 * origin to x[] and y[] and returns the content height. No allocation, no indirection: this is
 * the floor a layout engine can approach. */
#include <math.h>
#include <stdint.h>
#include "collectionlayout.h"

/* One line of a flow run (SPEC §3), shared by the timed loop and the checking reference:
 * greedy line breaking from item i within [i, run_end), then the line's thickness, the
 * leading position and the gap (justified, with the last-line rule). Returns the line's end j.
 * static inline: the timed loop compiles to the same code as if written out in place. */
static inline int64_t flow_line(const cl_size *sz, int64_t i, int64_t run_end, double A, double s,
                                double leading, double *thick, double *lead, double *gap)
{
    double used = sz[i].width;
    *thick = sz[i].height;
    int64_t j = i + 1;
    while (j < run_end && used + s + sz[j].width <= A + 1e-9) {
        used += s + sz[j].width;
        if (sz[j].height > *thick) *thick = sz[j].height;
        j++;
    }
    const int64_t n = j - i;
    *lead = leading;
    *gap = s;
    if (sz[i].width > A) {
        /* oversized: alone at the leading inset */
    } else if (j < run_end) {                       /* not the last line of the run */
        if (n >= 2) *gap = s + (A - used) / (double)(n - 1);
        else *lead = leading + (A - used) / 2;
    } else {                                        /* last line: pretend copies follow */
        const double wl = sz[j - 1].width;
        if (wl + s != 0) {
            const double k = floor((A - used + 1e-9) / (wl + s));
            const double N = (double)n + k;
            if (N == 1) *lead = leading + (A - used) / 2;
            else *gap = s + (A - used - k * (wl + s)) / (N - 1);
        }
    }
    return j;
}

double baseline_flow(const cl_size *sz, int64_t sections, int64_t per_section, double width,
                     cl_insets in, double line_spacing, double s, double *x, double *y)
{
    const double A = width - in.left - in.right;
    double top = 0;
    for (int64_t sec = 0; sec < sections; sec++) {
        const int64_t first = sec * per_section, end = first + per_section;
        top += in.top;
        for (int64_t i = first; i < end;) {
            double thick, lead, gap;
            const int64_t j = flow_line(sz, i, end, A, s, in.left, &thick, &lead, &gap);
            double cx = lead;
            for (int64_t k = i; k < j; k++) {
                x[k] = cx;
                y[k] = top + (thick - sz[k].height) / 2;
                cx += sz[k].width + gap;
            }
            top += thick + (j < end ? line_spacing : 0);
            i = j;
        }
        top += in.bottom;
    }
    return top;
}

/* reference_flow — the same computation generalised for checking (not timed): a header of
 * extent `header` before each section's top inset, and a separator (inline element of extent
 * `sep`) before every `every`-th item of a section (before = every, 2*every, ... < per_section;
 * every 0 = none). A separator ends the run of items before it (their last line is spaced as the
 * last line of a run) and is a line of its own, with line_spacing around it like any line
 * (SPEC §2, §3, §6). sec_top (sections + 1 entries, or NULL) gets each section's scroll-axis start
 * and the content height last. Returns the content height. */
double reference_flow(const cl_size *sz, int64_t sections, int64_t per_section, double width,
                      cl_insets in, double line_spacing, double s, double header, int64_t every,
                      double sep, double *x, double *y, double *sec_top)
{
    const double A = width - in.left - in.right;
    double top = 0;
    for (int64_t sec = 0; sec < sections; sec++) {
        const int64_t first = sec * per_section, end = first + per_section;
        if (sec_top) sec_top[sec] = top;
        top += header + in.top;
        int lines = 0;
        for (int64_t run = first; run < end;) {
            const int64_t run_end = every > 0 && run + every < end ? run + every : end;
            for (int64_t i = run; i < run_end;) {
                double thick, lead, gap;
                const int64_t j = flow_line(sz, i, run_end, A, s, in.left, &thick, &lead, &gap);
                if (lines++) top += line_spacing;
                double cx = lead;
                for (int64_t k = i; k < j; k++) {
                    x[k] = cx;
                    y[k] = top + (thick - sz[k].height) / 2;
                    cx += sz[k].width + gap;
                }
                top += thick;
                i = j;
            }
            if (run_end < end) {                        /* the separator line */
                if (lines++) top += line_spacing;
                top += sep;
            }
            run = run_end;
        }
        top += in.bottom;
    }
    if (sec_top) sec_top[sections] = top;
    return top;
}

/* reference_orthogonal — orthogonal sections (SPEC §4) at offset 0, for checking (not timed):
 * `rows[sec]` rows, item i in column i / rows and row i % rows, columns as wide as their widest
 * item, rows as thick as their thickest item, items centred in their row and at their column's
 * leading edge. max_offset[sec] = max(0, strip extent - width). Returns the content height. */
double reference_orthogonal(const cl_size *sz, int64_t sections, int64_t per_section,
                            const int32_t *rows, double width, cl_insets in, double line_spacing,
                            double s, double header, double *x, double *y, double *sec_top,
                            double *max_offset)
{
    double top = 0, col_w[4096], row_top[64], row_h[64];
    for (int64_t sec = 0; sec < sections; sec++) {
        const int64_t first = sec * per_section;
        const int64_t R = rows[sec] < per_section ? rows[sec] : per_section > 0 ? per_section : 1;
        const int64_t cols = (per_section + R - 1) / R;
        if (cols > 4096 || R > 64) return NAN;
        for (int64_t c = 0; c < cols; c++) col_w[c] = 0;
        for (int64_t r = 0; r < R; r++) row_h[r] = 0;
        for (int64_t i = 0; i < per_section; i++) {
            const cl_size z = sz[first + i];
            if (z.width > col_w[i / R]) col_w[i / R] = z.width;
            if (z.height > row_h[i % R]) row_h[i % R] = z.height;
        }
        sec_top[sec] = top;
        top += header + in.top;
        for (int64_t r = 0; r < R; r++) {
            row_top[r] = top;
            top += row_h[r] + (r + 1 < R ? line_spacing : 0);
        }
        top += in.bottom;
        double cx = in.left;
        for (int64_t c = 0; c < cols; c++) {
            for (int64_t i = c * R; i < (c + 1) * R && i < per_section; i++) {
                x[first + i] = cx;
                y[first + i] = row_top[i % R] + (row_h[i % R] - sz[first + i].height) / 2;
            }
            cx += col_w[c] + (c + 1 < cols ? s : 0);
        }
        max_offset[sec] = fmax(0, cx + in.right - width);
    }
    sec_top[sections] = top;
    return top;
}

/* Grid (SPEC §5), one vertical section without header: `columns` columns of
 * cw = (A − (columns − 1)·s) / columns from the leading inset, rows as thick as their thickest
 * item, items centred in their row. Writes origins, returns the content height. */
double baseline_grid(const cl_size *sz, int64_t count, int64_t columns, double width, cl_insets in,
                     double line_spacing, double s, double *x, double *y)
{
    const double A = width - in.left - in.right;
    double cw = (A - (double)(columns - 1) * s) / (double)columns;
    if (cw < 0) cw = 0;
    double top = in.top;
    for (int64_t i = 0; i < count; i += columns) {
        const int64_t end = i + columns < count ? i + columns : count;
        double thick = 0;
        for (int64_t k = i; k < end; k++)
            if (sz[k].height > thick) thick = sz[k].height;
        for (int64_t k = i; k < end; k++) {
            x[k] = in.left + (double)(k - i) * (cw + s);
            y[k] = top + (thick - sz[k].height) / 2;
        }
        top += thick + line_spacing;
    }
    return (count > 0 ? top - line_spacing : top) + in.bottom;
}

/* Waterfall (SPEC §5), one vertical section without header: each item to the column whose end is
 * smallest (ties: the lowest index, a plain scan), line_spacing after an item. `ends` holds
 * `columns` doubles of scratch. An empty column starts at -line_spacing, so that its first item
 * starts at 0 (item heights here are > 0, so an empty column is always the smallest). */
double baseline_waterfall(const cl_size *sz, int64_t count, int64_t columns, double width, cl_insets in,
                          double line_spacing, double s, double *ends, double *x, double *y)
{
    const double A = width - in.left - in.right;
    double cw = (A - (double)(columns - 1) * s) / (double)columns;
    if (cw < 0) cw = 0;
    for (int64_t c = 0; c < columns; c++) ends[c] = -line_spacing;
    for (int64_t i = 0; i < count; i++) {
        int64_t best = 0;
        for (int64_t c = 1; c < columns; c++)
            if (ends[c] < ends[best]) best = c;
        const double start = ends[best] + line_spacing;
        x[i] = in.left + (double)best * (cw + s);
        y[i] = in.top + start;
        ends[best] = start + sz[i].height;
    }
    double extent = 0;
    for (int64_t c = 0; c < columns; c++)
        if (ends[c] > extent) extent = ends[c];
    return in.top + extent + in.bottom;
}
