"""python3 -m collectionlayout: the command line, collectionlayout/tools/cli.py."""
from .tools.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
