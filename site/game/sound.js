// The play pages' sounds, made here with Web Audio (no sound files): the dice, a checker set down, a
// hit, the end of a game. Off by default; the player's choice is remembered in this browser.
//
// The board tells what happened with "tt-board-sound" events (site/board/board.js); the page adds the
// end of a game (playSound(..., "end")). Nothing is made or played while the sound is off.

import { t } from "../i18n/i18n.js";
import { rememberedCheckbox } from "./remembered.js";

export const SOUND_KEY = "toutes-tables:sound";
export const SOUNDS = ["roll", "move", "hit", "end"];

/**
 * The notes of each sound: [start (s), length (s), kind, frequency (Hz), volume 0..1]. "noise" is a
 * burst of filtered noise (dice on wood), "tone" a short sine (a checker, the end's little tune).
 */
export function soundNotes(kind) {
  switch (kind) {
    case "roll":
      return [0, 0.05, 0.11, 0.16].map((at, i) => [at, 0.04, "noise", 2200 - i * 250, 0.35]);
    case "move":
      return [[0, 0.07, "tone", 220, 0.5], [0, 0.03, "noise", 900, 0.25]];
    case "hit":
      return [[0, 0.06, "tone", 330, 0.55], [0.07, 0.09, "tone", 165, 0.55], [0, 0.04, "noise", 1400, 0.3]];
    case "end":
      return [[0, 0.16, "tone", 523, 0.35], [0.15, 0.16, "tone", 659, 0.35], [0.3, 0.32, "tone", 784, 0.35]];
    default:
      return [];
  }
}

let audio = null; // one AudioContext for the page, made on the first sound played

function play(kind) {
  const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume();
  const now = audio.currentTime;
  for (const [start, length, type, frequency, volume] of soundNotes(kind)) {
    const gain = audio.createGain();
    gain.gain.setValueAtTime(volume * 0.4, now + start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    gain.connect(audio.destination);
    let source;
    if (type === "tone") {
      source = audio.createOscillator();
      source.frequency.value = frequency;
      source.connect(gain);
    } else {
      const samples = Math.ceil(audio.sampleRate * length);
      const buffer = audio.createBuffer(1, samples, audio.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < samples; i++) data[i] = Math.random() * 2 - 1;
      source = audio.createBufferSource();
      source.buffer = buffer;
      const filter = audio.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.value = frequency;
      source.connect(filter);
      filter.connect(gain);
    }
    source.start(now + start);
    source.stop(now + start + length + 0.02);
  }
}

/**
 * The sound switch for a page: a checkbox labelled "Sound" (`toggle`, to place in the page), listening
 * to the board's events under `root`. `played` counts the sounds played, by kind (for tests);
 * `play(kind)` plays one if the sound is on.
 */
export function createSound(root) {
  const { box, row } = rememberedCheckbox(SOUND_KEY, "sound", t("game.sound"));
  row.classList.add("tt-sound");
  const played = Object.fromEntries(SOUNDS.map((k) => [k, 0]));
  const sound = {
    toggle: row,
    played,
    get on() {
      return box.checked;
    },
    play(kind) {
      if (!box.checked || !(kind in played)) return;
      played[kind] += 1;
      play(kind);
    },
  };
  // the player hears what was turned on
  box.addEventListener("change", () => sound.play("move"));
  root.addEventListener("tt-board-sound", (ev) => sound.play(ev.detail.kind));
  return sound;
}
