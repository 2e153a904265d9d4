#!/usr/bin/env python3
"""Trains the room-talk model that `docket listen --activation always` uses, and writes it as Swift.

The model is a logistic regression over hashed words, word pairs, the first and last words, "?" and "!" and the
length, trained on room talk (talk.tsv: questions, statements, opinions, small talk, TV, radio and device lines)
against dictated notes (notes.tsv: short items, needs, obligations, imperatives and whole notes). Every line was
written for docket. Columns: set, kind, text. The sets `heard:…` and `heardnotes:…` are 400 lines of each, spoken
by espeak-ng and transcribed by tiny.en as `always` mode hears them, recognition errors and all (`hear.py` makes
them); the part after the colon names the written set the line was read from.

    python3 scripts/room-talk/train.py           # writes Sources/DocketExtraction/RoomTalkWeights.swift
    python3 scripts/room-talk/train.py --cv      # leave one set (and its heard lines) out: how the model reads a set it never saw
    python3 scripts/room-talk/train.py --check   # fails unless the Swift file is what training makes (CI)
    python3 scripts/room-talk/train.py --score "text" ...

The features and the hash are the ones `RoomTalk.features` computes in Swift; the generated file carries sample
scores that `RoomTalkTests` checks, so the two cannot drift apart. Training is deterministic.
"""
import argparse
import base64
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUTPUT = os.path.join(ROOT, "Sources", "DocketExtraction", "RoomTalkWeights.swift")
BUCKETS = 1 << 16
THRESHOLD = 0.85
# In a note at or above THRESHOLD, a task whose own sentence scores under this still reads as dictation.
SENTENCE_THRESHOLD = 0.3
EPOCHS, RATE, DECAY = 12, 0.2, 1e-5
SAMPLES = [
    "buy milk tomorrow",
    "the dryer's doing that thumping thing again",
    "Caller number nine, you're on the air!",
    "remind me to call the dentist on Friday at 3 p.m.",
    "we're out of dish soap",
    "Oh come on, ref, that was a foul!",
    "Pick up the dry cleaning ’cause it’s ready",
    "Volume set to four.",
    "café at 4:30?",
    "I should freeze my yoga studio membership",
    "the kids are running out the door",
]


def words(text):
    """Lower-cased ASCII words: a letter or digit, then letters, digits, "'", "-", "."; one final "." dropped;
    a word that starts with a digit is "<n>". Any other byte separates words."""
    data = text.replace("\u2019", "'").encode("utf-8")
    found, current = [], None
    for byte in data:
        if 65 <= byte <= 90:
            byte += 32
        starts = 97 <= byte <= 122 or 48 <= byte <= 57
        if current is None:
            if starts:
                current = bytearray([byte])
        elif starts or byte in (39, 45, 46):
            current.append(byte)
        else:
            found.append(current)
            current = None
    if current is not None:
        found.append(current)
    result = []
    for word in found:
        if word.endswith(b"."):
            word = word[:-1]
        result.append("<n>" if 48 <= word[0] <= 57 else word.decode("ascii"))
    return result


def fnv1a(text):
    """32-bit FNV-1a over the UTF-8 bytes of `text`."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def features(text):
    """The buckets of the features of `text`, each once, ascending."""
    said = words(text)
    names = ["u:" + w for w in said]
    names += ["b:" + a + " " + b for a, b in zip(said, said[1:])]
    if said:
        names += ["F:" + said[0], "L:" + said[-1]]
    if len(said) > 1:
        names.append("F2:" + said[0] + " " + said[1])
    if "?" in text:
        names.append("Q")
    if "!" in text:
        names.append("X")
    names += ["len:%d" % min(len(said) // 3, 6), "bias"]
    return sorted({fnv1a(name) % BUCKETS for name in names})


def load():
    """(set, label, text) for every training line; label 1 is room talk."""
    rows = []
    for name, label in (("talk.tsv", 1), ("notes.tsv", 0)):
        with open(os.path.join(HERE, name), encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                if not line.strip():
                    continue
                columns = line.rstrip("\n").split("\t", 2)
                if len(columns) != 3 or not columns[2].strip():
                    sys.exit(f"scripts/room-talk/{name}:{number}: expected set<TAB>kind<TAB>text; fix or remove the line")
                rows.append((columns[0], label, columns[2]))
    return rows


def sigmoid(z):
    """The logistic function, clamped as the Swift side clamps it."""
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def train(rows):
    """Stochastic gradient descent over `rows`, in a fixed order, then quantized."""
    weights = [0.0] * BUCKETS
    encoded = [(features(text), label) for _, label, text in rows]
    order = list(range(len(encoded)))
    shuffle = random.Random(1)
    for _ in range(EPOCHS):
        shuffle.shuffle(order)
        for at in order:
            found, label = encoded[at]
            step = sigmoid(sum(weights[f] for f in found)) - label
            for f in found:
                weights[f] -= RATE * (step + DECAY * weights[f])
    return quantized(weights)


def quantized(weights):
    """Signed bytes and one scale: what the Swift file stores."""
    scale = max(abs(w) for w in weights) / 127
    return [max(-127, min(127, round(w / scale))) for w in weights], scale


def probability(model, text):
    """The probability that `text` is room talk."""
    codes, scale = model
    return sigmoid(sum(codes[f] for f in features(text)) * scale)


def source(group):
    """The written set a line comes from: "heard:set6" (set6 as the recognizer heard it) comes from set6."""
    return group.split(":", 1)[-1]


def cross_validate(rows):
    """Trains without each written set in turn, and without the heard lines made from it, and prints how the set
    left out is read: its written lines, then its heard lines."""
    groups = sorted({source(group) for group, _, _ in rows})
    for group in groups:
        model = train([row for row in rows if source(row[0]) != group])
        held = [row for row in rows if source(row[0]) == group]
        what = "talk read as talk" if held[0][1] == 1 else "notes read as talk"
        for heard in (False, True):
            lines = [text for name, _, text in held if (":" in name) == heard]
            if lines:
                flagged = sum(probability(model, text) >= THRESHOLD for text in lines)
                name = f"{group} heard" if heard else group
                print(f"{name:16} {what}: {flagged}/{len(lines)} ({100 * flagged / len(lines):.1f} %)", flush=True)


def write(model, check=False):
    """Writes the Swift file, or with `check` fails unless it is already what this model makes."""
    codes, scale = model
    blob = base64.b64encode(bytes(code & 0xFF for code in codes)).decode("ascii")
    lines = [blob[at:at + 120] for at in range(0, len(blob), 120)]
    samples = "\n".join(f"        ({swift_string(text)}, {probability(model, text):.6f})," for text in SAMPLES)
    body = "\n".join("        " + line for line in lines)
    text = (
            "// Generated by scripts/room-talk/train.py from scripts/room-talk/*.tsv; do not edit.\n\n"
            "/// The room-talk model's weights (see `RoomTalk`).\n"
            "enum RoomTalkWeights {\n"
            f"    /// Feature buckets (each feature's FNV-1a hash modulo this).\n"
            f"    static let buckets = {BUCKETS}\n"
            f"    /// The probability at and above which an utterance is room talk.\n"
            f"    static let threshold = {THRESHOLD}\n"
            "    /// In a note at or above ``threshold``, a task whose own sentence scores under this still reads as dictation.\n"
            f"    static let sentenceThreshold = {SENTENCE_THRESHOLD}\n"
            f"    /// What one step of a stored weight is worth.\n"
            f"    static let scale = {scale!r}\n"
            "    /// One signed byte per bucket, base64.\n"
            f'    static let encoded = """\n{body}\n        """\n'
            "    /// Sample texts and their probability, as the trainer computed them.\n"
            "    static let samples: [(text: String, probability: Double)] = [\n"
            f"{samples}\n"
            "    ]\n"
            "}\n")
    if check:
        with open(OUTPUT, encoding="utf-8") as file:
            if file.read() != text:
                sys.exit(f"{os.path.relpath(OUTPUT, ROOT)} is not what scripts/room-talk/train.py makes of the training lines; "
                         "run python3 scripts/room-talk/train.py and commit the result")
        print(f"{os.path.relpath(OUTPUT, ROOT)} matches the training lines")
        return
    with open(OUTPUT, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"wrote {os.path.relpath(OUTPUT, ROOT)}: {BUCKETS} buckets, {sum(1 for c in codes if c)} non-zero")


def swift_string(text):
    """`text` as a Swift string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--cv", action="store_true", help="leave each set out in turn and report how it is read")
    modes.add_argument("--check", action="store_true", help="fail unless the Swift file is what training makes now")
    modes.add_argument("--score", nargs="+", metavar="TEXT", help="train, then print the probability that each text is room talk")
    arguments = parser.parse_args()
    rows = load()
    if arguments.cv:
        cross_validate(rows)
    elif arguments.score:
        model = train(rows)
        for text in arguments.score:
            print(f"{probability(model, text):.3f}  {text}")
    else:
        write(train(rows), check=arguments.check)


if __name__ == "__main__":
    sys.exit(main())
