// The page side of benchmarks/computer_browser.py: window.timeComputer(request) boots a fresh
// computer-worker.js (Pyodide and the engine wheel), hands it the request (the Python timing code and
// the positions) and resolves with the worker's answer. Nothing runs until the benchmark calls it.
// window.callSession keeps one worker for many calls (benchmarks/review_browser.py).

const status = document.getElementById("status");

window.timeComputer = (request) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL("computer-worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "progress") {
        status.textContent = data.detail;
        return;
      }
      worker.terminate();
      status.textContent = data.error ?? "done";
      if (data.error) reject(new Error(data.error));
      else resolve(data);
    });
    worker.addEventListener("error", (event) => reject(new Error(event.message || "the worker failed")));
    worker.postMessage(request);
  });

// A session: one worker kept between calls, so a benchmark can alternate with CPython step by step (both then
// run under the same load). window.callSession(request) sends the request to it (booting it on the first call)
// and resolves with its answer; window.closeSession() ends it.
let session = null;
let answering = null; // the call waiting for the session's next result

window.callSession = (request) =>
  new Promise((resolve, reject) => {
    if (session === null) {
      session = new Worker(new URL("computer-worker.js", import.meta.url), { type: "module" });
      session.addEventListener("message", ({ data }) => {
        if (data.type === "progress") {
          status.textContent = data.detail;
          return;
        }
        const waiting = answering;
        answering = null;
        if (data.error) waiting?.reject(new Error(data.error));
        else waiting?.resolve(data);
      });
      session.addEventListener("error", (event) => answering?.reject(new Error(event.message || "the worker failed")));
    }
    answering = { resolve, reject };
    session.postMessage(request);
  });

window.closeSession = () => {
  session?.terminate();
  session = null;
};

status.textContent = "ready";
