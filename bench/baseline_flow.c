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

double baseline_flow(const cl_size *sz, int64_t sections, int64_t per_section, double width,
                     cl_insets in, double line_spacing, double s, double *x, double *y)
{
    const double A = width - in.left - in.right;
    double top = 0;
    for (int64_t sec = 0; sec < sections; sec++) {
        const int64_t first = sec * per_section, end = first + per_section;
        top += in.top;
        for (int64_t i = first; i < end;) {
            /* greedy line: [i, j) */
            double used = sz[i].width, thick = sz[i].height;
            int64_t j = i + 1;
            while (j < end && used + s + sz[j].width <= A + 1e-9) {
                used += s + sz[j].width;
                if (sz[j].height > thick) thick = sz[j].height;
                j++;
            }
            const int64_t n = j - i;
            double lead = in.left, gap = s;
            if (sz[i].width > A) {
                /* oversized: alone at the leading inset */
            } else if (j < end) {                       /* not the last line of the run */
                if (n >= 2) gap = s + (A - used) / (double)(n - 1);
                else lead = in.left + (A - used) / 2;
            } else {                                    /* last line: pretend copies follow */
                const double wl = sz[j - 1].width;
                if (wl + s != 0) {
                    const double k = floor((A - used + 1e-9) / (wl + s));
                    const double N = (double)n + k;
                    if (N == 1) lead = in.left + (A - used) / 2;
                    else gap = s + (A - used - k * (wl + s)) / (N - 1);
                }
            }
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
