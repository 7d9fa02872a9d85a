# Sourced by scripts/f2-side-by-side.sh and scripts/banks-side-by-side.sh: the tensor-layouts
# Python package (0.3.2, from PyPI) in target/f2-venv, installed on first use; sets $venv.
venv=target/f2-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q tensor-layouts==0.3.2
fi
