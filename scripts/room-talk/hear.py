#!/usr/bin/env python3
"""Prints lines of the training sets as `docket listen` hears them, to train the room-talk model on recognition errors.

Picks `--count` lines of room talk and as many dictated notes (a fixed random choice), speaks each with espeak-ng in
one of two voices and transcribes it with a Whisper-compatible server (the one `scripts/whisper-server.sh` starts),
without a prompt, as `always` mode sends it. Writes `set<TAB>kind<TAB>heard text` lines: the talk under the set
`heard:<written set>` (for talk.tsv), the notes under `heardnotes:<written set>` (for notes.tsv), so that
`train.py --cv` leaves a set's heard lines out with it. Lines heard as nothing are left out.

    python3 scripts/room-talk/hear.py --url http://127.0.0.1:8179 > /tmp/heard.tsv
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
VOICES = ("en-us", "en-gb+m3")


def load(name):
    """(set, kind, text) rows of a training file, without earlier heard lines."""
    with open(os.path.join(HERE, name), encoding="utf-8") as file:
        rows = [line.rstrip("\n").split("\t", 2) for line in file if line.strip()]
    return [row for row in rows if not row[0].startswith("heard")]


def transcribe(url, model, text, voice):
    """What the server hears when espeak-ng says `text` in `voice`."""
    with tempfile.NamedTemporaryFile(suffix=".wav") as wav:
        subprocess.run(["espeak-ng", "-v", voice, "-w", wav.name, text], check=True, capture_output=True)
        audio = wav.read()
    boundary = uuid.uuid4().hex
    fields = [("model", model), ("model_name", model), ("response_format", "json"), ("temperature", "0.0")]
    head = "".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n' for key, value in fields)
    head += f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.wav"\r\nContent-Type: audio/wav\r\n\r\n'
    body = head.encode() + audio + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(
        url.rstrip("/") + "/v1/audio/transcriptions", data=body, headers={"Content-Type": f"multipart/form-data; boundary={boundary}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=3600) as response:
            return " ".join(json.load(response)["text"].split())
    except OSError as error:
        sys.exit(f"transcription at {url} failed ({error}); start the server with scripts/whisper-server.sh start")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8178", help="Whisper-compatible server (default: %(default)s)")
    parser.add_argument("--model", default="tiny.en", help="model name the server knows (default: %(default)s)")
    parser.add_argument("--count", type=int, default=400, help="lines of talk, and of notes (default: %(default)s)")
    arguments = parser.parse_args()
    choice = random.Random(7)
    jobs = [("heard", row) for row in choice.sample(load("talk.tsv"), arguments.count)]
    jobs += [("heardnotes", row) for row in choice.sample(load("notes.tsv"), arguments.count)]
    with ThreadPoolExecutor(2) as pool:
        heard = pool.map(lambda at: transcribe(arguments.url, arguments.model, jobs[at][1][2], VOICES[at % 2]), range(len(jobs)))
        for (group, row), text in zip(jobs, heard):
            if text:
                print(f"{group}:{row[0]}\t{row[1]}\t{text}", flush=True)


if __name__ == "__main__":
    main()
