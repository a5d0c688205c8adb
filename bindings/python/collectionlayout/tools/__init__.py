"""What is built on the binding rather than part of it: the command line (`cli`, run by
`python3 -m collectionlayout`), scene files (`scene`), pictures of a layout (`render`: SVG, or
PNG with Pillow, both drawn from `picture`'s plan) and of motion (`render_motion`: animated GIF
or APNG).

These modules import the binding (`collectionlayout`); the binding never imports them
(tests/test_packaging.py checks it), so `import collectionlayout` loads none of this.
"""
