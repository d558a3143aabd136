"""Write each ```python block of a Markdown file to its own module, so that CI can
type-check the README's examples as a tool author would run them.

    python .ci/readme_snippets.py README.md OUT_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path


def python_blocks(text: str) -> list[str]:
    blocks: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if current is None and line.strip() == "```python":
            current = []
        elif current is not None and line.startswith("```"):
            blocks.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def main() -> int:
    source, out = Path(sys.argv[1]), Path(sys.argv[2])
    blocks = python_blocks(source.read_text(encoding="utf-8"))
    if not blocks:
        print(f"{source}: no python blocks", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for number, block in enumerate(blocks, start=1):
        (out / f"readme_example_{number}.py").write_text(block, encoding="utf-8")
    print(f"{len(blocks)} examples from {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
