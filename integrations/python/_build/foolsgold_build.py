"""A PEP 517 build backend for this package alone, standard library only, so that
`pip install ./integrations/python` needs no network: it writes a pure-Python wheel of src/ and an
sdist of the source tree. Name and version come from pyproject.toml's [project] table."""
import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(HERE, "src")


def _project():
    text = open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8").read()
    table = text.split("[project]", 1)[1].split("\n[", 1)[0]
    fields = dict(re.findall(r'^(\w[\w-]*)\s*=\s*"([^"]*)"', table, re.M))
    return fields["name"], fields["version"], fields.get("description", ""), fields.get("requires-python", "")


def _metadata():
    name, version, summary, requires = _project()
    lines = ["Metadata-Version: 2.1", "Name: " + name, "Version: " + version, "Summary: " + summary]
    if requires:
        lines.append("Requires-Python: " + requires)
    return "\n".join(lines) + "\n"


def _dist_info():
    name, version, _, _ = _project()
    return "%s-%s.dist-info" % (name.replace("-", "_"), version)


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name, version, _, _ = _project()
    filename = "%s-%s-py3-none-any.whl" % (name.replace("-", "_"), version)
    files = []
    for root, _, names in os.walk(SRC):
        for n in sorted(names):
            if n.endswith(".pyc"):
                continue
            full = os.path.join(root, n)
            files.append((os.path.relpath(full, SRC).replace(os.sep, "/"), open(full, "rb").read()))
    info = _dist_info()
    files.append((info + "/METADATA", _metadata().encode()))
    files.append((info + "/WHEEL", b"Wheel-Version: 1.0\nGenerator: foolsgold_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = [_record_line(p, d) for p, d in files] + [info + "/RECORD,,"]
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as whl:
        for path, data in files:
            whl.writestr(path, data)
    return filename


def build_sdist(sdist_directory, config_settings=None):
    name, version, _, _ = _project()
    base = "%s-%s" % (name.replace("-", "_"), version)
    filename = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as tar:
        for part in ("pyproject.toml", "README.md", "_build", "src"):
            tar.add(os.path.join(HERE, part), arcname=base + "/" + part, filter=lambda t: None if t.name.endswith(".pyc") or "__pycache__" in t.name else t)
        pkg = _metadata().encode()
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(pkg)
        tar.addfile(ti, io.BytesIO(pkg))
    return filename
