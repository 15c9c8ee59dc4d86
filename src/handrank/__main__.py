import sys

try:
    from .cli import main
except KeyboardInterrupt:          # Ctrl-C while the package loads: no traceback
    sys.exit(130)

sys.exit(main())
