// Finds the words a player would read that are written as string literals in the code instead of coming
// from the catalogues (docs/translations.md): the scan behind literals.test.mjs. No DOM; node reads the files.
//
// The source is read as JavaScript tokens (comments, strings, templates and regular expressions told
// apart, a template's ${…} read as code), and a literal is words when it holds a letter pair. It is a
// player's words when
//   - it is a sentence: two plain words side by side ("Roll the dice"; not "tt-button tt-primary"),
//     wherever it is; or
//   - it is a word where the page shows words: assigned to textContent, innerText, title, placeholder or
//     an aria label; an attribute like "aria-label" or title in an element's attributes, a board's message;
//   - or a capitalised word where a label goes: a child of an element after its attributes,
//     el("button", {…}, "Roll"); a page button's label; an argument of the pages' saying functions
//     (announce, notice, setChildren…); an error's message.
// Not words: a catalogue key (the first argument of t, tn, tParts, hasMessage), a style given to an element
// (its cssText, a style property), a console line for
// developers, and a line that says why it is exempt with the comment `i18n-exempt: <why>` (a proper
// name, say, the same in every language).

const LETTERS = "A-Za-zÀ-ÖØ-öø-ÿ";
const WORD = new RegExp(`[${LETTERS}]{2}`);
const CAPITALISED = /^\s*[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]/; // "Roll", "Copy": a label, not a name in the code ("computer")
// a word of a sentence: letters (an apostrophe or a hyphen inside), perhaps a quote or bracket and punctuation
const PLAIN_WORD = new RegExp(`^[("«]?[${LETTERS}]+(?:['’-][${LETTERS}]+)*[,.:;!?…)»"]*$`);
/** Two plain words side by side, one of them without a hyphen: "Roll the dice", not "tt-button tt-primary". */
function isSentence(text) {
  const tokens = text.split(/\s+/);
  // a template's value (\u0000) beside a word makes a sentence too: `${who} rolls ${call}.`
  const value = (token) => /^\u0000[,.:;!?…]*$/.test(token);
  const pair = (a, b) => {
    if (value(a) || value(b)) return (value(a) ? PLAIN_WORD.test(b) && !b.includes("-") : PLAIN_WORD.test(a) && !a.includes("-"));
    return PLAIN_WORD.test(a) && PLAIN_WORD.test(b) && !(a.includes("-") && b.includes("-"));
  };
  return tokens.some((token, k) => k > 0 && pair(tokens[k - 1], token));
}
// calls whose arguments are code, never words: a media query, a selector
const CODE_CALL = /\b(?:matchMedia|querySelector|querySelectorAll|closest|matches)\(\s*$/;
// where a literal is given as code: a style ("font: 16px system-ui, sans-serif; margin: 2em")
const CODE_ASSIGNED = /(?:\.style\.[\w]+|\.cssText)\s*=\s*$|\.style\.setProperty\([^;()]*$/;
const KEY_CALL = /\b(?:t|tn|tParts|hasMessage)\(\s*$/;
// where any word is a player's
const SHOWN = [
  // assigned where the page shows words (directly or as a branch of a ternary)
  /\.(?:textContent|innerText|innerHTML|title|placeholder|ariaLabel|ariaDescription|ariaRoleDescription|alt|label)\s*=\s*(?:[^;=]*[?:]\s*)?$/,
  /\bsetAttribute\(\s*["'](?:aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt)["']\s*,\s*$/,
  // an element's attributes, or a board's message
  /(?:["'](?:aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt)["']|\b(?:title|placeholder|alt|message))\s*:\s*(?:[^,;{}]*[?:]\s*)?$/,
];
// where a capitalised word is a label (a lower-case one there is a name in the code: "computer", "sound")
const LABELLED = [
  // a child of an element after its attributes: el("p", {…}, "words") or el("p", {}, node, "words")
  /[})\w\]]\s*,\s*$/,
  // a button's label, what an element is given to show
  /\b(?:pageButton|button)\(\s*$/,
  /\.(?:append|prepend|replaceChildren|before|after|replaceWith)\(\s*(?:[^;()]*,\s*)?$/,
  // the pages' saying functions, and errors' messages
  /\b(?:announce|announceIn|notice|showNotice|setChildren|show|showAway|goAway|say|setStatus|status)\([^;()]*$/,
  /\b(?:new\s+\w*Error|super)\(\s*$/,
];

/**
 * The string literals of `source`, in order: `{text, line, wholeLine, before}`, `text` the literal's
 * words (a template's ${…} values as \u0000), `line` its line number (1-based) and `wholeLine` that line,
 * `before` the code before it (comments blanked, literals' brackets and separators neutralised).
 */
export function stringLiterals(source) {
  const found = [];
  let code = ""; // the source read so far as the contexts read it, for `before`
  let i = 0;
  const lineAt = (at) => source.slice(0, at).split("\n").length;
  const regexAllowed = () => /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase)\s*$/.test(code);

  function readQuoted(quote) {
    const start = i;
    i += 1;
    let text = "";
    while (i < source.length && source[i] !== quote) {
      if (source[i] === "\\") {
        text += source[i + 1];
        i += 2;
      } else {
        text += source[i];
        i += 1;
      }
    }
    i += 1;
    return { text, start };
  }

  function readTemplate() {
    const start = i;
    i += 1;
    let text = "";
    while (i < source.length && source[i] !== "`") {
      if (source[i] === "\\") {
        text += source[i + 1];
        i += 2;
      } else if (source[i] === "$" && source[i + 1] === "{") {
        // the expression inside is code: its own literals are read (and judged) in turn
        i += 2;
        let depth = 1;
        const outer = code;
        while (i < source.length && depth > 0) {
          if (source[i] === "{") depth += 1;
          else if (source[i] === "}") depth -= 1;
          if (depth === 0) break;
          step();
        }
        code = outer;
        i += 1;
        text += "\u0000"; // a value, not words
      } else {
        text += source[i];
        i += 1;
      }
    }
    i += 1;
    return { text, start };
  }

  // a literal as it stands in `code`: its text, without what the contexts read as code (brackets, separators, lines)
  const neutral = (text) => text.replace(/[(){}[\];,?:=\n\u0000]/g, "_");

  function literal({ text, start }) {
    const lineStart = source.lastIndexOf("\n", start - 1) + 1;
    const lineEnd = source.indexOf("\n", start);
    const wholeLine = source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
    found.push({ text, line: lineAt(start), wholeLine, before: code.slice(-400), after: source.slice(i, i + 40) });
  }

  function step() {
    const c = source[i];
    if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      code += " ".repeat(stop - i);
      i = stop;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      code += source.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'") {
      const read = readQuoted(c);
      literal(read);
      code += `${c}${neutral(read.text)}${c}`;
    } else if (c === "`") {
      const outer = code;
      const read = readTemplate();
      code = outer;
      literal(read);
      code += `\`${neutral(read.text)}\``;
    } else if (c === "/" && regexAllowed()) {
      const start = i;
      i += 1;
      let inClass = false;
      while (i < source.length && (source[i] !== "/" || inClass) && source[i] !== "\n") {
        if (source[i] === "\\") i += 1;
        else if (source[i] === "[") inClass = true;
        else if (source[i] === "]") inClass = false;
        i += 1;
      }
      i += 1;
      code += " ".repeat(i - start);
    } else {
      code += c;
      i += 1;
    }
  }

  while (i < source.length) step();
  return found;
}

/**
 * Whether a literal is a name the code decides from, not words: an object's key ({ "very bad": … }), an
 * index (marks["very bad"]) or a side of a comparison (d.mark === "very bad").
 */
function isName({ before, after }) {
  if (/[{,]\s*$/.test(before) && /^\s*:/.test(after)) return true;
  if (/\[\s*$/.test(before) && /^\s*\]/.test(after)) return true;
  return /[!=]==?\s*$/.test(before) || /^\s*[!=]==?/.test(after);
}

/** The literals of `source` that are a player's words: `[{line, text}]` (see the module's comment). */
export function playerWordsIn(source) {
  const words = [];
  for (const lit of stringLiterals(source)) {
    if (!WORD.test(lit.text)) continue;
    if (/i18n-exempt:/.test(lit.wholeLine) || /\bconsole\.\w+\(/.test(lit.wholeLine)) continue;
    const before = lit.before; // across lines: a call's arguments may span several
    if (KEY_CALL.test(before) || CODE_CALL.test(before) || CODE_ASSIGNED.test(before) || isName(lit)) continue;
    const shown = SHOWN.some((context) => context.test(before));
    const labelled = CAPITALISED.test(lit.text) && LABELLED.some((context) => context.test(before));
    if (isSentence(lit.text) || shown || labelled) {
      words.push({ line: lit.line, text: lit.text.replace(/\u0000/g, "${…}") });
    }
  }
  return words;
}

// Stylesheets and HTML pages hold words too: a `content:` string a stylesheet puts on the page, and an
// HTML page's text and labelling attributes before its script runs. The same rule holds for them: a
// player's words come from the catalogues. A line holding `i18n-exempt: <why>` is left out (in an HTML
// comment there), as in the code.

/** `source` with its comments blanked, lines kept: `start`-`end` (e.g. "/*", "*\/"), whitespace for the rest. */
function blanked(source, start, end) {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const at = source.indexOf(start, i);
    if (at === -1) {
      out += source.slice(i);
      break;
    }
    const stop = source.indexOf(end, at + start.length);
    const to = stop === -1 ? source.length : stop + end.length;
    out += source.slice(i, at) + source.slice(at, to).replace(/[^\n]/g, " ");
    i = to;
  }
  return out;
}

const lineOf = (source, at) => source.slice(0, at).split("\n").length;
const exempt = (source, line) => /i18n-exempt:/.test(source.split("\n")[line - 1] ?? "");

/** A CSS string's text: its escapes (\2190, \") read. */
function cssString(quoted) {
  return quoted
    .slice(1, -1)
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\(.)/g, "$1");
}

/** The words a stylesheet writes on the page: `content:` strings holding a letter pair, `[{line, text}]`. */
export function cssWordsIn(source) {
  const css = blanked(source, "/*", "*/");
  const words = [];
  for (const declaration of css.matchAll(/(?<![\w-])content\s*:([^;}]*)/g)) {
    const valueAt = declaration.index + declaration[0].length - declaration[1].length;
    for (const string of declaration[1].matchAll(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g)) {
      const text = cssString(string[0]);
      const line = lineOf(css, valueAt + string.index);
      if (WORD.test(text) && !exempt(source, line)) words.push({ line, text });
    }
  }
  return words;
}

// the attributes whose values a player reads or hears
const HTML_LABELS = /\s(?:title|alt|placeholder|aria-label|aria-description|aria-roledescription|aria-valuetext)\s*=\s*("[^"]*"|'[^']*')/g;

/**
 * The words an HTML page shows before its script runs: its text (the <title> too) and its labelling
 * attributes, outside <script> and <style>, `[{line, text}]`.
 */
export function htmlWordsIn(source) {
  let html = blanked(source, "<!--", "-->");
  html = html.replace(/(<(script|style)\b[^>]*>)([\s\S]*?)(<\/\2>)/gi, (_, open, _name, body, close) =>
    open + body.replace(/[^\n]/g, " ") + close);
  const words = [];
  const keep = (at, text) => {
    const line = lineOf(html, at);
    const shown = text.replace(/\s+/g, " ").trim();
    if (WORD.test(shown) && !exempt(source, line)) words.push({ at, line, text: shown });
  };
  for (const text of html.matchAll(/>([^<]+)</g)) keep(text.index + 1 + text[1].search(/\S|$/), text[1]);
  for (const tag of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    for (const label of tag[0].matchAll(HTML_LABELS)) keep(tag.index + label.index, label[1].slice(1, -1));
  }
  return words.sort((a, b) => a.at - b.at).map(({ line, text }) => ({ line, text }));
}
