/* Built by `make test-install` against an installed copy with pkg-config only: the header
 * and the library are found, and they are the same version. */
#include <stdio.h>

#include <collectionlayout.h>

static cl_status ten_items(void *user_data, int64_t section, int64_t *out_count) {
    (void)user_data;
    (void)section;
    *out_count = 10;
    return CL_OK;
}

int main(void) {
    if (cl_version() != CL_VERSION_NUMBER) {
        printf("library version %u, header %d\n", cl_version(), CL_VERSION_NUMBER);
        return 1;
    }
    cl_layout_def def = cl_layout_def_default();
    def.viewport.width = 320;
    cl_data_source source = cl_data_source_default();
    source.item_count = ten_items;
    cl_layout *layout = NULL;
    cl_size size;
    if (cl_layout_create(&def, &source, &layout) != CL_OK ||
        cl_layout_content_size(layout, &size) != CL_OK) {
        printf("failed: %s\n", cl_layout_last_error(layout));
        return 1;
    }
    printf("installed libcollectionlayout %d.%d.%d: 10 items of 50x50 in 320 points take %g x %g\n",
           CL_VERSION_MAJOR, CL_VERSION_MINOR, CL_VERSION_PATCH, size.width, size.height);
    cl_layout_destroy(layout);
    return 0;
}
