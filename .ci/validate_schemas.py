"""Validate what the schemas describe with the real `jsonschema` package,
as a user of schemas/ would, with no extra configuration: every line of the
committed reports, and a protocol transcript recorded from the reference
engine (requests and answers). Run by .ci/run inside a throwaway venv.

usage: validate_schemas.py ENGINE REPORT.jsonl...
"""
import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import jsonschema

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"


def validator(name):
    schema = json.loads((SCHEMAS / name).read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def check(v, instance, where):
    errors = sorted(v.iter_errors(instance), key=lambda e: list(e.path))
    if errors:
        sys.exit(f"{where}: {errors[0].message} at {list(errors[0].path)}")


def main():
    engine, reports = sys.argv[1], sys.argv[2:]
    line = validator("report-line.schema.json")
    n = 0
    for report in reports:
        for i, text in enumerate(Path(report).read_text().splitlines(), 1):
            check(line, json.loads(text), f"{report}:{i}")
            n += 1
    to_impl = validator("to-implementation.schema.json")
    from_impl = validator("from-implementation.schema.json")
    sent = [
        {"type": "hello", "protocol": 1},
        {"type": "rule", "seq": 1, "edition": "2017", "dealer": "N", "vulnerable": "none",
         "events": [{"N": "1S"}, {"E": "1H"}, {"S": "reject"}, {"E": "2H"}]},
        {"type": "rule", "seq": 2, "edition": "2007", "dealer": "E", "vulnerable": "both",
         "events": [{"E": "1NT"}, {"S": "X"}, {"W": "P"}, {"N": "P"}, {"E": "P"}]},
        {"type": "rule", "seq": 3, "edition": "2017", "dealer": "W", "vulnerable": "NS", "events": [{"N": "accept"}]},
        {"type": "bye"},
    ]
    for m in sent:
        check(to_impl, m, f"request {m}")
    out = subprocess.run([engine], input="".join(json.dumps(m) + "\n" for m in sent),
                         capture_output=True, text=True, check=True).stdout.splitlines()
    if len(out) != 4:
        sys.exit(f"the engine answered {len(out)} lines to 4 messages")
    for text in out:
        check(from_impl, json.loads(text), f"answer {text[:80]}")
    print(f"jsonschema {importlib.metadata.version('jsonschema')}: {n} report lines, 4 requests and 4 answers valid")


main()
