// The page side of benchmarks/computer_browser.py: window.timeComputer(request) boots a fresh
// computer-worker.js (Pyodide and the engine wheel), hands it the request (the Python timing code and
// the positions) and resolves with the worker's answer. Nothing runs until the benchmark calls it.

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

status.textContent = "ready";
