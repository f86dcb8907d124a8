// The desk's queue of sales in the browser's IndexedDB: a sale is written
// here with its idempotency key before it is sent, and leaves only once the
// server has recorded it (or the cashier has settled its conflict), so a
// Wi-Fi drop or a page reload loses none. The key makes a resend safe: the
// server answers a retry with the first sale, never a second one.

const DB = "loto-caisse";
const STORE = "sales";

let opening = null;

// db opens the database once.
function db() {
  opening ||= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "key" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opening;
}

// run runs fn on the store in a transaction and resolves when it is done;
// a strict one when it is on the disk.
async function run(mode, fn, durability = "strict") {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, mode, { durability });
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req && req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

// put writes a sale (a new one, or its new state).
export const put = (sale) => run("readwrite", (s) => s.put(sale));

// remove drops a sale the server recorded or the cashier settled. It need
// not wait for the disk: a removal lost in a crash only resends a sale,
// which its key makes harmless.
export const remove = (key) => run("readwrite", (s) => s.delete(key), "relaxed");

// list is every sale still held for a desk, oldest first.
export async function list(desk) {
  const all = (await run("readonly", (s) => s.getAll())) || [];
  return all.filter((x) => x.desk === desk).sort((a, b) => a.at - b.at);
}
