// The PM console: one page, routed by the URL fragment so that a link can open a profile directly:
//   #/                                   open a profile
//   #/profiles/{profile}                 the profile: decisions, memories, recall, unclassified, facts, audit
//   #/profiles/{profile}/memories/{id}   one memory: source messages, version chain, audit events
//   #/profiles/{profile}/entities/{name} an entity's timeline
//   #/teams/{team}                       a team: members, proposals awaiting confirmation, team decisions
// Every change goes through the REST API (/v1), so each one is audited like a bot's.

import { ApiProblem, apiKey, call, profilePath, query, signIn, signOut } from './api.js';
import { STATUSES, TYPES, clear, h, statusBadge, typeBadge, typeLabel, when } from './dom.js';

const main = document.getElementById('main');
const problemBox = document.getElementById('problem');
const notice = document.getElementById('notice');
const signOutButton = document.getElementById('sign-out');

// --- messages ---------------------------------------------------------------------------------

/** A problem response as readable text: title, detail and every invalid field. */
function problemView(err) {
  if (!(err instanceof ApiProblem)) {
    return [h('strong', {}, 'Something went wrong in the console. '), String(err && err.message ? err.message : err)];
  }
  const p = err.problem || {};
  const fields = Array.isArray(p.errors) ? p.errors : [];
  return [
    h('strong', {}, `${p.title || 'Error'}${err.status ? ` (${err.status})` : ''}. `),
    p.detail || '',
    fields.length ? h('ul', {}, fields.map((e) => h('li', {}, h('code', {}, e.field || '?'), `: ${e.message || ''}`))) : null,
  ];
}

function showProblem(err) {
  clear(problemBox, problemView(err));
  problemBox.hidden = false;
}

function clearMessages() {
  problemBox.hidden = true;
  clear(problemBox);
  clear(notice);
}

function say(text) {
  clear(notice, text);
}

/** Shows a failed call where it happened (or at the top); a 401 turns the page into the sign-in form. */
function failed(err, where) {
  if (err instanceof ApiProblem && err.status === 401) {
    renderSignIn(err);
    throw new SignInNeeded();
  }
  if (where) {
    clear(where, h('div', { class: 'problem inline', role: 'alert' }, problemView(err)));
  } else {
    showProblem(err);
  }
}

class SignInNeeded extends Error {}

/** Runs an async step; its failure is shown, never left as a blank page or an uncaught rejection. */
async function guarded(step, where) {
  try {
    return await step();
  } catch (err) {
    if (err instanceof SignInNeeded) {
      return undefined;
    }
    try {
      failed(err, where);
    } catch (e) {
      // sign-in form shown
    }
    return undefined;
  }
}

// --- sign-in ----------------------------------------------------------------------------------

function renderSignIn(err) {
  if (main.querySelector('.sign-in')) {
    return; // several calls failed at once: one form, with the first call's message
  }
  const hadKey = Boolean(apiKey());
  signOut();
  signOutButton.hidden = true;
  problemBox.hidden = true;
  const input = h('input', { id: 'api-key', name: 'api-key', type: 'password', required: true,
    autocomplete: 'off', spellcheck: 'false' });
  const form = h('form', { class: 'card sign-in', onsubmit: (e) => {
    e.preventDefault();
    signIn(input.value.trim());
    route();
  } },
  h('h1', {}, 'Sign in'),
  h('p', {}, 'This service is protected by API keys. Paste yours; it is kept in this tab only '
      + '(session storage) and sent as a bearer token to the API.'),
  hadKey && err ? h('p', { class: 'problem inline', role: 'alert' }, problemView(err)) : null,
  h('label', { for: 'api-key' }, 'API key'),
  input,
  h('button', { type: 'submit' }, 'Sign in'));
  clear(main, form);
  input.focus();
}

// --- routing ----------------------------------------------------------------------------------

function currentRoute() {
  const parts = location.hash.replace(/^#\/?/, '').split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch (e) {
      return s;
    }
  });
  if (parts[0] === 'teams' && parts[1]) {
    return { view: 'team', team: parts[1] };
  }
  if (parts[0] === 'profiles' && parts[1]) {
    if (parts[2] === 'memories' && parts[3]) {
      return { view: 'memory', profile: parts[1], memory: parts[3] };
    }
    if (parts[2] === 'entities' && parts[3]) {
      return { view: 'entity', profile: parts[1], entity: parts.slice(3).join('/') };
    }
    return { view: 'profile', profile: parts[1] };
  }
  return { view: 'home' };
}

export function link(...segments) {
  return `#/${segments.map(encodeURIComponent).join('/')}`;
}

async function route() {
  clearMessages();
  signOutButton.hidden = !apiKey();
  const r = currentRoute();
  document.getElementById('open-profile-id').value = r.profile || '';
  if (r.view === 'profile') {
    await renderProfile(r.profile);
  } else if (r.view === 'memory') {
    await renderMemory(r.profile, r.memory);
  } else if (r.view === 'entity') {
    await renderEntity(r.profile, r.entity);
  } else if (r.view === 'team') {
    await renderTeam(r.team);
  } else {
    await renderHome();
  }
}

// --- home -------------------------------------------------------------------------------------

async function renderHome() {
  document.title = 'pm-memory console';
  clear(main,
    h('h1', {}, 'pm-memory console'),
    h('p', {}, 'See what the bot remembers about a PM, why it ranks what it ranks, and correct it. '
        + 'Enter a profile id above, or open a link such as ', h('code', {}, '/console/#/profiles/pm-1'),
      '; a team\'s page is ', h('code', {}, '/console/#/teams/{team}'), '.'));
  // Ask once so that a protected service shows its sign-in form straight away (401); any other
  // answer (200, 403 for a key outside this made-up profile) means the key, if any, is fine.
  try {
    await call('GET', `${profilePath('console-sign-in-check', 'memories')}?limit=1`);
  } catch (err) {
    if (err instanceof ApiProblem && err.status === 401) {
      renderSignIn(err);
    }
  }
}

// --- one memory as a card ---------------------------------------------------------------------

function entityLinks(profile, entities) {
  if (!entities || !entities.length) {
    return null;
  }
  return h('p', { class: 'entities' }, 'Entities: ',
    entities.map((e, i) => [i ? ', ' : '', h('a', { href: link('profiles', profile, 'entities', e) }, e)]));
}

function dates(m) {
  return h('dl', { class: 'dates' },
    h('dt', {}, 'created'), h('dd', {}, when(m.created_at)),
    h('dt', {}, 'last seen'), h('dd', {}, when(m.last_seen_at)),
    h('dt', {}, 'expires'), h('dd', {}, m.expires_at ? when(m.expires_at) : 'never'),
    m.valid_until ? [h('dt', {}, 'valid until'), h('dd', {}, when(m.valid_until))] : null,
    h('dt', {}, 'last recalled'), h('dd', {}, m.last_recalled_at ? when(m.last_recalled_at) : 'never'));
}

/**
 * A memory with its actions: details, edit, delete; confirm and reject when pending.
 * onChange runs after a successful change (to reload what shows it).
 */
function memoryCard(profile, m, onChange, { details = true } = {}) {
  const actions = h('div', { class: 'actions' });
  const editBox = h('div', { class: 'edit-box' });
  const problemArea = h('div', { class: 'card-problem' }); // a refused change shows here; the form keeps its input
  const card = h('li', { class: `memory card state-${m.status}`, 'data-memory-id': m.id },
    h('div', { class: 'meta' }, typeBadge(m.type), ' ', statusBadge(m.status), ' ',
      h('span', { class: 'weight', title: 'how often it was said' }, `weight ${m.weight}`), ' ',
      h('span', { class: 'recalls', title: 'how often a context returned it' }, `recalled ${m.recall_count || 0}×`)),
    h('p', { class: 'content' }, m.content),
    entityLinks(profile, m.entities),
    dates(m),
    actions,
    problemArea,
    editBox);

  const act = async (label, method, suffix, body) => guarded(async () => {
    clear(problemArea);
    const path = `${profilePath(profile, 'memories')}/${encodeURIComponent(m.id)}${suffix}`;
    await call(method, path, body);
    say(`${label}: “${m.content}”`);
    await onChange();
  }, problemArea);

  if (details) {
    actions.append(h('a', { class: 'button-link', href: link('profiles', profile, 'memories', m.id) }, 'Details'));
  }
  if (m.status === 'pending' && m.pending_reason === 'uncertain_type') {
    // the classifiers were unsure of its sign: say so, and let the PM pick the type
    card.insertBefore(h('p', { class: 'uncertain' }, 'Unsure whether this is '
      + [m.type, ...(m.alternatives || [])].join(' or ') + ': pick one.'), actions);
    actions.append(...(m.alternatives || []).map((t) => h('button', { type: 'button', class: 'confirm-as',
      'data-type': t, onclick: () => act(`Confirmed as ${t}`, 'POST', ':confirm', { type: t }) }, `Confirm as ${t}`)));
  }
  if (m.derivation) {
    // proposed by the derive job: why, and the memories that show it
    card.insertBefore(h('div', { class: 'derivation' },
      h('p', {}, `Inferred (rule ${m.derivation.rule}): ${m.derivation.rationale}`),
      h('p', { class: 'evidence' }, 'Evidence: ', m.derivation.evidence.map((id, i) => [i ? ', ' : '',
        h('a', { href: link('profiles', profile, 'memories', id) }, `#${i + 1}`)]))), actions);
  }
  if (m.status === 'pending') {
    actions.append(
      h('button', { type: 'button', class: 'confirm', onclick: () => act('Confirmed', 'POST', ':confirm') }, 'Confirm'),
      h('button', { type: 'button', class: 'reject', onclick: () => act('Rejected', 'POST', ':reject') }, 'Reject'));
  }
  if (m.status !== 'deleted') {
    actions.append(
      h('button', { type: 'button', class: 'edit', 'aria-expanded': 'false', onclick: (e) => {
        const open = e.currentTarget.getAttribute('aria-expanded') === 'true';
        e.currentTarget.setAttribute('aria-expanded', String(!open));
        if (open) {
          clear(editBox);
        } else {
          clear(editBox, editForm(profile, m, act));
          editBox.querySelector('textarea').focus();
        }
      } }, 'Edit'),
      h('button', { type: 'button', class: 'delete', onclick: () => {
        const yes = h('button', { type: 'button', class: 'danger confirm-delete',
          onclick: () => act('Deleted', 'DELETE', '') }, 'Yes, delete');
        clear(editBox, h('p', { class: 'ask' }, 'Delete this memory? The bot stops using it; the audit keeps the change. ',
          yes, ' ', h('button', { type: 'button', onclick: () => clear(editBox) }, 'Cancel')));
        yes.focus();
      } }, 'Delete'));
  }
  return card;
}

function typeSelect(id, value, { any = false } = {}) {
  return h('select', { id, name: 'type', value },
    any ? h('option', { value: '' }, 'any type') : null,
    TYPES.map(([t, label]) => h('option', { value: t }, label)));
}

let formIds = 0;

/** PATCH with only the fields that changed; an empty expiry means "never expires". */
function editForm(profile, m, act) {
  const n = ++formIds;
  const content = h('textarea', { id: `edit-content-${n}`, name: 'content', rows: 3, maxlength: 4000, required: true,
    value: m.content });
  const type = typeSelect(`edit-type-${n}`, m.type);
  const expires = h('input', { id: `edit-expires-${n}`, name: 'expires_at', value: m.expires_at || '',
    placeholder: '2026-07-01T00:00:00Z', spellcheck: 'false' });
  return h('form', { class: 'edit-form', onsubmit: (e) => {
    e.preventDefault();
    const body = {};
    if (content.value !== m.content) {
      body.content = content.value;
    }
    if (type.value !== m.type) {
      body.type = type.value;
    }
    const exp = expires.value.trim();
    if (exp !== (m.expires_at || '')) {
      body.expires_at = exp === '' ? null : exp;
    }
    if (!Object.keys(body).length) {
      say('Nothing changed.');
      return;
    }
    act('Saved', 'PATCH', '', body);
  } },
  h('label', { for: content.id }, 'Content'), content,
  h('label', { for: type.id }, 'Type'), type,
  h('label', { for: expires.id }, 'Expires at (ISO-8601 with offset; empty: never)'), expires,
  h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'save' }, 'Save')));
}

// --- profile page -----------------------------------------------------------------------------

function section(id, title, ...body) {
  return h('section', { id, class: 'panel', 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title` }, title), ...body);
}

// --- a team ------------------------------------------------------------------------------------

/** A team memory with the members behind it; confirm and reject while it is a pending proposal. */
function teamMemoryCard(team, m, onChange) {
  const problemArea = h('div', { class: 'card-problem' });
  const act = (label, suffix) => guarded(async () => {
    clear(problemArea);
    await call('POST', `/teams/${encodeURIComponent(team)}/memories/${encodeURIComponent(m.id)}${suffix}`);
    say(`${label}: “${m.content}”`);
    await onChange();
  }, problemArea);
  return h('li', { class: `memory card state-${m.status}`, 'data-memory-id': m.id },
    h('div', { class: 'meta' }, typeBadge(m.type), ' ', statusBadge(m.status), ' ',
      h('span', { class: 'weight', title: 'how many members stand behind it' }, `weight ${m.weight}`)),
    h('p', { class: 'content' }, m.content),
    h('p', { class: 'authors' }, 'Authors: ',
      m.authors.map((a, i) => [i ? ', ' : '', h('a', { href: link('profiles', a) }, a)])),
    dates(m),
    m.status === 'pending' ? h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'confirm', onclick: () => act('Confirmed', ':confirm') }, 'Confirm'),
      h('button', { type: 'button', class: 'reject', onclick: () => act('Rejected', ':reject') }, 'Reject')) : null,
    problemArea);
}

async function renderTeam(team) {
  document.title = `${team} · team · pm-memory console`;
  const members = h('div', { class: 'body' }, 'Loading…');
  const proposals = h('div', { class: 'body' }, 'Loading…');
  const decisions = h('div', { class: 'body' }, 'Loading…');
  const teamPath = `/teams/${encodeURIComponent(team)}`;
  const reload = () => Promise.all([loadMembers(), loadProposals(), loadDecisions()]);
  const loadMembers = () => guarded(async () => {
    const t = await call('GET', teamPath);
    clear(members, t.members.length
      ? h('ul', { class: 'members' }, t.members.map((p) => h('li', {}, h('a', { href: link('profiles', p) }, p))))
      : h('p', { class: 'empty' }, 'No members.'));
  }, members);
  const list = (where, status, empty) => guarded(async () => {
    const page = await call('GET', `${teamPath}/memories${query({ status, limit: 200 })}`);
    clear(where, page.items.length
      ? h('ul', { class: 'memories' }, page.items.map((m) => teamMemoryCard(team, m, reload)))
      : h('p', { class: 'empty' }, empty));
  }, where);
  const loadProposals = () => list(proposals, 'pending', 'No proposal is waiting.');
  const loadDecisions = () => list(decisions, 'active', 'No team decision yet.');
  clear(main,
    h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, 'Console'), ' / team ', team),
    h('h1', {}, 'Team ', h('span', { class: 'team-id' }, team)),
    section('team-members', 'Members', members),
    section('team-proposals', 'Proposals awaiting confirmation', proposals),
    section('team-decisions', 'Team decisions', decisions));
  await reload();
}

async function renderProfile(profile) {
  document.title = `${profile} · pm-memory console`;
  const decisions = h('div', { class: 'body' }, 'Loading…');
  const memories = h('div', { class: 'body' });
  const recall = h('div', { class: 'body' });
  const unclassified = h('div', { class: 'body' }, 'Loading…');
  const facts = h('div', { class: 'body' }, 'Loading…');
  const audit = h('div', { class: 'body' }, 'Loading…');
  const exportBox = h('div', { class: 'body' });
  const factsPanel = section('facts', 'Facts', facts);

  const reload = async () => {
    await Promise.all([loadDecisions(), reloadList(), loadAudit(), loadUnclassified()]);
  };
  const loadDecisions = () => guarded(async () => {
    const page = await call('GET', profilePath(profile, 'memories') + query({ status: 'pending', limit: 200 }));
    clear(decisions, page.items.length
      ? h('ul', { class: 'memories' }, page.items.map((m) => memoryCard(profile, m, reload)))
      : h('p', { class: 'empty' }, 'Nothing is waiting for you.'));
  }, decisions);
  const reloadList = memoryList(profile, memories, reload);
  const loadAudit = auditList(profile, audit);
  const loadUnclassified = unclassifiedList(profile, unclassified,
    () => Promise.all([loadDecisions(), reloadList(), loadAudit()]));

  clear(main,
    h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, 'Console'), ' / ', profile),
    h('h1', {}, 'Profile ', h('span', { class: 'profile-id' }, profile)),
    h('nav', { class: 'jump', 'aria-label': 'Sections' },
      [['decisions', 'Decisions'], ['memories', 'Memories'], ['recall', 'Try recall'], ['unclassified', 'Not understood'],
        ['facts', 'Facts'], ['audit', 'Audit'], ['export', 'Export']]
        .map(([id, label]) => h('a', { href: `#${id}`, id: `jump-${id}`, onclick: (e) => {
          e.preventDefault(); // the fragment is the route: scroll instead of navigating
          const target = document.getElementById(id);
          if (target) {
            target.scrollIntoView();
            target.querySelector('h2').setAttribute('tabindex', '-1');
            target.querySelector('h2').focus();
          }
        } }, label))),
    section('decisions', 'Needs your decision',
      h('p', { class: 'hint' }, 'Memories held back because they contradict a stronger one. Confirm: it replaces '
          + 'the other. Reject: it is dropped.'), decisions),
    section('memories', 'Memories', memories),
    section('recall', 'Try recall', recall),
    section('unclassified', 'Messages the bot did not understand', unclassified),
    factsPanel,
    section('audit', 'Audit', audit),
    section('export', 'Export', exportBox));

  recallForm(profile, recall);
  exportButton(profile, exportBox);
  await Promise.all([loadDecisions(), reloadList(), loadAudit(), loadUnclassified(), loadFacts(profile, facts, factsPanel)]);
}

/** The filterable list; answers a function that reloads it with the current filters. */
function memoryList(profile, box, reloadAll) {
  const type = typeSelect('filter-type', '', { any: true });
  const status = h('select', { id: 'filter-status', name: 'status' },
    h('option', { value: '' }, 'any status'), STATUSES.map((s) => h('option', { value: s }, s)));
  const entity = h('input', { id: 'filter-entity', name: 'entity', maxlength: 200, spellcheck: 'false' });
  const text = h('input', { id: 'filter-text', name: 'text', type: 'search' });
  const list = h('ul', { class: 'memories', id: 'memory-list', 'aria-busy': 'true' });
  const more = h('div', { class: 'more' });
  const count = h('p', { class: 'count', 'aria-live': 'polite' });
  let loaded = [];

  const show = () => {
    const needle = text.value.trim().toLowerCase();
    const shown = needle ? loaded.filter((m) => [m.content, ...(m.entities || []), ...(m.keywords || [])]
      .some((s) => String(s).toLowerCase().includes(needle))) : loaded;
    clear(list, shown.map((m) => memoryCard(profile, m, reloadAll)));
    clear(count, shown.length ? `${shown.length} shown, newest first` : 'No memory matches.');
  };
  const load = async (cursor) => {
    list.setAttribute('aria-busy', 'true');
    await guarded(async () => {
      const page = await call('GET', profilePath(profile, 'memories')
        + query({ type: type.value, status: status.value, entity: entity.value.trim(), limit: 50, cursor }));
      loaded = cursor ? loaded.concat(page.items) : page.items;
      show();
      clear(more, page.next_cursor
        ? h('button', { type: 'button', onclick: () => load(page.next_cursor) }, 'Load more') : null);
    }, list);
    list.setAttribute('aria-busy', 'false');
  };

  clear(box,
    h('form', { class: 'filters', onsubmit: (e) => {
      e.preventDefault();
      load();
    } },
    h('div', {}, h('label', { for: type.id }, 'Type'), type),
    h('div', {}, h('label', { for: status.id }, 'Status'), status),
    h('div', {}, h('label', { for: entity.id }, 'Entity'), entity),
    h('div', {}, h('label', { for: text.id }, 'Text'), text),
    h('div', {}, h('button', { type: 'submit' }, 'Filter'))),
    count, list, more);
  text.addEventListener('input', show); // text narrows the loaded pages as you type
  return () => load();
}

function recallForm(profile, box) {
  const q = h('input', { id: 'recall-query', name: 'query', type: 'search', maxlength: 1000 });
  const limit = h('input', { id: 'recall-limit', name: 'limit', type: 'number', min: 1, max: 50, value: '5' });
  const out = h('div', { class: 'recall-result', 'aria-live': 'polite' });
  clear(box,
    h('p', { class: 'hint' }, 'What the bot would be given for a message: the ranked memories, the four factors of '
        + 'each score, and the prompt block.'),
    h('form', { class: 'filters', onsubmit: (e) => {
      e.preventDefault();
      guarded(async () => {
        const r = await call('GET', profilePath(profile, 'context') + query({ query: q.value, limit: limit.value }));
        clear(out,
          r.items.length ? h('ol', { class: 'recall-items' }, r.items.map(recallItem))
            : h('p', { class: 'empty' }, 'Nothing recalled.'),
          h('h3', {}, 'prompt_block'),
          h('pre', { class: 'prompt-block' }, r.prompt_block || ''));
      }, out);
    } },
    h('div', { class: 'grow' }, h('label', { for: q.id }, 'Query'), q),
    h('div', {}, h('label', { for: limit.id }, 'Items'), limit),
    h('div', {}, h('button', { type: 'submit' }, 'Recall'))),
    out);
}

const FACTORS = [
  ['keyword_match', 'keyword match'],
  ['recency_decay', 'recency'],
  ['type_priority', 'type priority'],
  ['weight_normalized', 'weight'],
];

function recallItem(item) {
  const f = item.factors || {};
  return h('li', { class: 'card recall-item' },
    h('div', { class: 'meta' }, typeBadge(item.type), ' ', h('span', { class: 'score' }, `score ${fmt(item.score)}`)),
    h('p', { class: 'content' }, item.content),
    h('dl', { class: 'factors' }, FACTORS.map(([k, label]) => [
      h('dt', {}, label),
      h('dd', {}, h('meter', { min: 0, max: 1, value: Number(f[k]) || 0, 'aria-label': label }), ' ', fmt(f[k]))])));
}

function fmt(x) {
  return typeof x === 'number' ? x.toFixed(2) : '—';
}

/** A list call; a profile that never sent a message is a 404 there (API.md), shown as an empty list. */
async function listOrNone(path) {
  try {
    return await call('GET', path);
  } catch (err) {
    if (err instanceof ApiProblem && err.status === 404) {
      return { items: [], next_cursor: null };
    }
    throw err;
  }
}

function unclassifiedList(profile, box, reloadOthers) {
  return () => guarded(async () => {
    const page = await listOrNone(profilePath(profile, 'messages') + query({ outcome: 'unclassified', limit: 50 }));
    if (!page.items.length) {
      clear(box, h('p', { class: 'empty' }, 'The bot understood every message.'));
      return;
    }
    clear(box,
      h('p', { class: 'hint' }, 'Teach: the message is sent again as feedback with the type you chose, so the '
          + 'classifier is skipped and a memory of that type is made (or the same memory reinforced). Teaching one '
          + 'message twice changes nothing.'),
      h('ul', { class: 'messages' }, page.items.map((msg) => teachItem(profile, msg, reloadOthers))));
  }, box);
}

/** reloadOthers: the panels a new memory changes, not this list (the taught memory stays shown in it). */
function teachItem(profile, msg, reloadOthers) {
  const n = ++formIds;
  const type = typeSelect(`teach-type-${n}`, 'long_term_preference');
  const result = h('div', { class: 'teach-result' });
  return h('li', { class: 'card message', 'data-message-id': msg.id },
    h('p', { class: 'content' }, msg.content),
    h('p', { class: 'dates' }, `received ${when(msg.received_at)}`),
    h('form', { class: 'teach', onsubmit: (e) => {
      e.preventDefault();
      guarded(async () => {
        // The chosen type goes with the message: the classifier that left it unclassified is skipped.
        // The message_id makes a second click replay the first answer instead of storing it twice.
        const r = await call('POST', profilePath(profile, 'feedback'),
          { message: msg.content, type: type.value, message_id: `teach-${msg.id}` });
        const m = r.memory;
        if (!m) { // only a replay whose memory was deleted since
          clear(result, h('p', { class: 'problem inline', role: 'alert' }, 'Taught before; that memory is gone.'));
          return;
        }
        clear(result, h('p', { class: 'taught' }, `Taught as ${typeLabel(m.type)} (${r.outcome}): `,
          h('a', { href: link('profiles', profile, 'memories', m.id), 'data-memory-id': m.id }, m.content)));
        say(`Taught as ${typeLabel(m.type)}: “${msg.content}”`);
        await reloadOthers();
      }, result);
    } },
    h('label', { for: type.id }, 'Type'), type, ' ',
    h('button', { type: 'submit' }, 'Teach')),
    result);
}

/**
 * The facts endpoints are built elsewhere (API.md "Structured facts"); their list may come as an
 * array, under items / facts / versions, or as an object keyed by attribute: all read the same.
 */
function factList(r) {
  const raw = Array.isArray(r) ? r : (r && (r.items || r.facts || r.versions)) || [];
  const list = Array.isArray(raw) ? raw
    : Object.entries(raw).map(([attribute, v]) => (v && typeof v === 'object' && 'value' in v
      ? { attribute, ...v } : { attribute, value: v }));
  return list.map((f) => ({ ...f, attribute: f.attribute || f.name }));
}

/** Facts are optional on a service: a 404 hides the panel. */
async function loadFacts(profile, box, panel) {
  try {
    const items = factList(await call('GET', profilePath(profile, 'facts')));
    if (!items.length) {
      clear(box, h('p', { class: 'empty' }, 'No structured fact about this PM.'));
      return;
    }
    clear(box, h('table', { class: 'facts' },
      h('thead', {}, h('tr', {}, ['attribute', 'value', 'confidence', 'source', 'since', ''].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, items.map((f) => {
        const history = h('td', {});
        history.append(h('button', { type: 'button', onclick: () => factHistory(profile, f.attribute, history) },
          'History'));
        return h('tr', {},
          h('td', {}, h('code', {}, f.attribute)),
          h('td', {}, JSON.stringify(f.value)),
          h('td', {}, fmt(f.confidence)),
          h('td', {}, f.source || ''),
          h('td', {}, when(f.valid_from)),
          history);
      }))));
  } catch (err) {
    if (err instanceof ApiProblem && err.status === 404) {
      panel.hidden = true; // this service has no facts
      const jump = document.getElementById('jump-facts');
      if (jump) {
        jump.hidden = true;
      }
      return;
    }
    guarded(() => Promise.reject(err), box);
  }
}

function factHistory(profile, attribute, cell) {
  return guarded(async () => {
    const r = await call('GET', profilePath(profile, 'facts', attribute, 'history'));
    const versions = factList(r);
    clear(cell, h('ol', { class: 'fact-history' }, versions.map((v) => h('li', {},
      JSON.stringify(v.value), ` — ${when(v.valid_from)} → ${v.valid_until ? when(v.valid_until) : 'now'}`))));
  }, cell);
}

function exportButton(profile, box) {
  const out = h('div', { 'aria-live': 'polite' });
  clear(box,
    h('p', { class: 'hint' }, 'Everything held for this PM as one JSON document (needs an admin key when keys are configured).'),
    h('button', { type: 'button', id: 'export-button', onclick: () => guarded(async () => {
      clear(out, 'Preparing…');
      let doc;
      try {
        doc = await call('GET', profilePath(profile, 'export'));
      } catch (err) {
        if (err instanceof ApiProblem && err.status === 404) {
          clear(out, h('p', { class: 'empty' }, `No export: ${err.problem.detail || 'this service does not offer one'}.`));
          return;
        }
        throw err;
      }
      const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
      const a = h('a', { href: url, download: `pm-memory-${profile}.json` }, `pm-memory-${profile}.json`);
      clear(out, 'Ready: ', a);
      a.click();
    }, out) }, 'Download export'),
    out);
}

function auditList(profile, box, memoryId) {
  const load = (cursor, rows) => guarded(async () => {
    const page = await listOrNone(profilePath(profile, 'audit') + query({ limit: 20, cursor, memory_id: memoryId }));
    const all = (rows || []).concat(page.items);
    if (!all.length) {
      clear(box, h('p', { class: 'empty' }, 'No change recorded yet.'));
      return;
    }
    clear(box, auditTable(profile, all),
      page.next_cursor ? h('button', { type: 'button', onclick: () => load(page.next_cursor, all) }, 'Load more') : null);
  }, box);
  return () => load();
}

function auditTable(profile, events) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'audit' },
    h('thead', {}, h('tr', {}, ['when', 'what', 'who', 'memory', 'change'].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, events.map((e) => h('tr', { class: `audit-${e.kind}` },
      h('td', { 'data-label': 'when' }, when(e.at)),
      h('td', { 'data-label': 'what' }, e.kind),
      h('td', { 'data-label': 'who' }, e.actor || ''),
      h('td', { 'data-label': 'memory' },
        e.memory_id ? h('a', { href: link('profiles', profile, 'memories', e.memory_id) }, 'open') : '—'),
      h('td', { class: 'change', 'data-label': 'change' }, change(e)))))));
}

function change(e) {
  const parts = [];
  if (e.before || e.after) {
    const keys = new Set([...Object.keys(e.before || {}), ...Object.keys(e.after || {})]);
    for (const k of keys) {
      parts.push(h('div', {}, h('code', {}, k), ': ', show(e.before && e.before[k]), ' → ', show(e.after && e.after[k])));
    }
  }
  if (e.detail) {
    parts.push(h('div', { class: 'detail' }, e.detail));
  }
  return parts;
}

function show(v) {
  if (v === undefined) {
    return '—';
  }
  return typeof v === 'string' ? v : JSON.stringify(v);
}

// --- one memory -------------------------------------------------------------------------------

async function renderMemory(profile, id) {
  document.title = `memory · ${profile} · pm-memory console`;
  const box = h('div');
  clear(main,
    h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, 'Console'), ' / ',
      h('a', { href: link('profiles', profile) }, profile), ' / memory'),
    box);
  const load = () => guarded(async () => {
    const m = await call('GET', `${profilePath(profile, 'memories')}/${encodeURIComponent(id)}`);
    clear(box,
      h('h1', {}, 'Memory'),
      h('ul', { class: 'memories' }, memoryCard(profile, m, load, { details: false })),
      section('versions', 'Version chain', Array.isArray(m.versions)
        ? h('ol', { class: 'chain' }, m.versions.map((v) => h('li', { class: v.id === m.id ? 'current' : '' },
          typeBadge(v.type), ' ', statusBadge(v.status), ' ',
          v.id === m.id ? h('strong', {}, v.content) : h('a', { href: link('profiles', profile, 'memories', v.id) }, v.content),
          ` · ${when(v.created_at)}`, v.superseded_by ? ' · superseded' : '')))
        : h('p', { class: 'empty' }, 'This service does not report version chains.')),
      section('sources', 'Messages behind it', (m.source_messages || []).length
        ? h('ul', { class: 'messages' }, m.source_messages.map((s) => h('li', { class: 'card message' },
          h('p', { class: 'content' }, s.content),
          h('p', { class: 'dates' }, `${s.outcome} · ${when(s.created_at)}${s.source ? ` · ${s.source}` : ''}`
            + `${(s.redactions || []).length ? ` · redacted: ${s.redactions.join(', ')}` : ''}`))))
        : h('p', { class: 'empty' }, 'No raw message (purged, or made by the service).')),
      section('memory-audit', 'Audit', (m.audit_events || []).length
        ? auditTable(profile, m.audit_events) : h('p', { class: 'empty' }, 'No change recorded.')));
  }, box);
  await load();
}

// --- an entity's timeline ---------------------------------------------------------------------

async function renderEntity(profile, entity) {
  document.title = `${entity} · ${profile} · pm-memory console`;
  const box = h('div', {}, 'Loading…');
  clear(main,
    h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, 'Console'), ' / ',
      h('a', { href: link('profiles', profile) }, profile), ' / entity'),
    h('h1', {}, 'Timeline: ', entity),
    box);
  await guarded(async () => {
    const r = await call('GET', profilePath(profile, 'entities', entity, 'history'));
    const proposals = r.items.length ? await derivedProposals(profile, r.items) : [];
    clear(box, r.items.length ? timelineChart(profile, r.items, proposals) : null, proposals.map((p) =>
      h('p', { class: 'proposal-note' }, `Proposed: “${p.content}” (${p.status}) — its evidence is ringed on the axis.`)),
    r.items.length
      ? h('ol', { class: 'timeline' }, r.items.map((m) => h('li', { class: `card state-${m.status}` },
        h('div', { class: 'meta' }, typeBadge(m.type), ' ', statusBadge(m.status)),
        h('p', { class: 'content' }, h('a', { href: link('profiles', profile, 'memories', m.id) }, m.content)),
        h('ol', { class: 'changes' }, (m.status_changes || []).map((c) => h('li', {},
          statusBadge(c.status), ` ${when(c.at)}`, c.event ? ` · ${c.event}` : '', c.actor ? ` · ${c.actor}` : ''))))))
      : h('p', { class: 'empty' }, 'No memory about this entity.'));
  }, box);
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element; text children become its text (a title's tooltip). */
function svg(tag, attrs, ...text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    el.setAttribute(k, String(v));
  }
  if (text.length) {
    el.textContent = text.join('');
  }
  return el;
}

/** The profile's derived preferences (pending, or settled) whose evidence is among these memories. */
async function derivedProposals(profile, memories) {
  const ids = new Set(memories.map((m) => m.id));
  const found = [];
  for (const status of ['pending', 'active', 'rejected']) {
    const page = await call('GET', profilePath(profile, 'memories') + query({ status, type: 'long_term_preference', limit: 200 }));
    found.push(...page.items.filter((m) => m.derivation && m.derivation.evidence.some((id) => ids.has(id))));
  }
  return found;
}

/**
 * Every memory about the entity as a mark on a time axis (by created_at): coloured by type, faded when
 * expired, superseded or rejected, a line from each reversed memory to the one that superseded it, the
 * recall count in the hover title, and the evidence of a derived proposal ringed. Plain SVG, no library.
 */
function timelineChart(profile, memories, proposals) {
  const width = 640, height = 96, pad = 24, y = 48;
  const times = memories.map((m) => Date.parse(m.created_at));
  const from = Math.min(...times), to = Math.max(...times);
  const x = (t) => pad + (to === from ? (width - 2 * pad) / 2 : (t - from) / (to - from) * (width - 2 * pad));
  const at = new Map(memories.map((m) => [m.id, x(Date.parse(m.created_at))]));
  const evidence = new Set(proposals.flatMap((p) => p.derivation.evidence));
  const chart = svg('svg', { class: 'timeline-chart', viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-label': `${memories.length} memories from ${when(memories[0].created_at)} to ${when(memories[memories.length - 1].created_at)}` });
  chart.append(svg('line', { class: 'axis', x1: pad, y1: y, x2: width - pad, y2: y }));
  chart.append(svg('text', { class: 'axis-label', x: pad, y: height - 6 }, when(new Date(from).toISOString())));
  chart.append(svg('text', { class: 'axis-label', x: width - pad, y: height - 6, 'text-anchor': 'end' },
    when(new Date(to).toISOString())));
  for (const m of memories) {
    if (m.superseded_by && at.has(m.superseded_by)) {
      chart.append(svg('path', { class: 'reversal', d: `M ${at.get(m.id)} ${y} Q ${(at.get(m.id) + at.get(m.superseded_by)) / 2} ${y - 36} ${at.get(m.superseded_by)} ${y}` }));
    }
  }
  for (const m of memories) {
    const faded = ['expired', 'superseded', 'rejected', 'deleted'].includes(m.status);
    const a = svg('a', { href: link('profiles', profile, 'memories', m.id) });
    const mark = svg('circle', { class: `mark type-${m.type}${faded ? ' faded' : ''}${evidence.has(m.id) ? ' evidence' : ''}`,
      cx: at.get(m.id), cy: y, r: 7, 'data-memory-id': m.id });
    // the hover text: svg() sets text, so the <title> child is appended as an element
    mark.append(svg('title', {}, `${m.content} · ${typeLabel(m.type)} · ${m.status} · recalled ${m.recall_count || 0}×`));
    a.append(mark);
    chart.append(a);
  }
  return chart;
}

// --- start ------------------------------------------------------------------------------------

document.getElementById('open-profile').addEventListener('submit', (e) => {
  e.preventDefault();
  const id = document.getElementById('open-profile-id').value.trim();
  if (id && location.hash === link('profiles', id)) {
    route(); // the same profile again: reload it (no hashchange event)
  } else if (id) {
    location.hash = link('profiles', id);
  }
});
signOutButton.addEventListener('click', () => {
  signOut();
  location.hash = '#/';
  route();
});
window.addEventListener('hashchange', () => {
  route().then(() => main.focus({ preventScroll: true }));
});
window.addEventListener('unhandledrejection', (e) => showProblem(e.reason));
window.addEventListener('error', (e) => showProblem(e.error || e.message));
route();
