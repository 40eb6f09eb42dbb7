// The page's state: one object every module reads and writes (the table, the view, the
// log...).

export const ui = {
  lang: "en", words: {}, info: null, gl: null,
  tableId: null, token: null, seat: null, table: null, view: null, message: null,
  ws: null, retry: 0, leaving: false, group: null, lobbyTimer: null,
  seen: null, mineBefore: false, logCount: 0,
  logPinned: true,  // the log follows its newest line (until the player scrolls up in it)
  infos: {},  // /api/info by language: fetched once per page and language
  moments: [],  // the stage's moments on screen, newest first, until dismissed
  stagedStep: -1,  // the latest step whose moments were staged (none is staged twice)
  calls: null,  // the last vote called (its kind, place and caller), for the stage's title
};
