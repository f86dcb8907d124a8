// The few French words the pages put together themselves, written once,
// as the server writes them (loto.Plural, loto.GameName).

// plural writes n with its noun as French agrees it: the singular up to 1
// ("0 carte", "1 carte"), the plural from 2 on ("2 cartes"); never "carte(s)".
export function plural(n, one, many) {
  return `${n} ${Math.abs(n) <= 1 ? one : many}`;
}

// gameName writes a game as the pages name it: its title when the title
// starts with the game's number ("Partie 1", "Partie 4 — avant le repas"),
// else the number then the title ("Partie 8 « Le tirage de la voiture »");
// never "Partie 1 « Partie 1 »".
export function gameName(n, title) {
  const num = `Partie ${n}`;
  if (!title) return num;
  if (title === num || title.startsWith(num + " ")) return title;
  return `${num} « ${title} »`;
}
