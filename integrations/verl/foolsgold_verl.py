"""The foolsgold reward function for verl: foolsgold_client.verl from the package in
integrations/python (`pip install ./integrations/python`), found next to this file when it is not
installed. See that module for what it does."""
import os
import sys

try:
    from foolsgold_client.verl import *  # noqa: F401,F403
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python", "src"))
    from foolsgold_client.verl import *  # noqa: F401,F403
