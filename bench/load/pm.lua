-- wrk (LuaJIT, Lua 5.1) script for bench/load/run.sh: every add a distinct, realistic PM feedback message (the
-- vocabulary of bench/jmh PmCorpus), spread over N profiles; context queries on those profiles.
-- Deterministic: request k of thread t is message number base + k * threads + t, the same text in
-- every run with the same arguments. Loopback only, no Authorization header (the sidecar's default).
--
-- wrk -t T -c C -d 10s -s bench/load/pm.lua http://127.0.0.1:PORT -- <add|context|mix> <profiles> <tag> <base> <threads>
--   mix: 9 context calls for every add (90/10).

local known = {"OpenAI", "Anthropic", "智谱AI", "月之暗面", "Mistral AI", "深度求索", "Figure AI",
  "MiniMax", "百川智能", "Perplexity", "Runway", "零一万物"}
local roots = {"Nova", "Helix", "Quanta", "Lumen", "Vector", "Orbit", "Cedar", "Pulse",
  "Atlas", "Zenith", "Ember", "Sonar", "Kite", "Prism", "Nimbus", "Forge"}
local tails = {"tek", "ly", "ware", "bio", "mind", "grid", "labs", "works"}
local sectors = {"具身智能", "AI 芯片", "大模型应用", "出海 SaaS", "自动驾驶", "合成生物", "储能", "机器人",
  "AI 搜索", "医疗影像"}
local queries = {"OpenAI 估值", "具身智能赛道", "Novatek 团队", "海外早期项目", "商业化", "Anthropic 推进",
  "AI 芯片 估值", "Helixly", "burn rate", "下周约创始人"}

local function company(i)
  if i % 12 == 0 then return known[math.floor(i / 12) % #known + 1] end
  local name = roots[i % #roots + 1] .. tails[math.floor(i / #roots) % #tails + 1]
  local round = math.floor(i / (#roots * #tails))
  if round == 0 then return name end
  return name .. round
end

local function date(i)
  -- a day of the quarter before 2026-06-30
  local back = (i * 7) % 90
  local t = os.time({year = 2026, month = 6, day = 30, hour = 12}) - back * 86400
  if i % 2 == 0 then return os.date("!%Y-%m-%d", t) end
  return tonumber(os.date("!%m", t)) .. "月" .. tonumber(os.date("!%d", t)) .. "日"
end

-- Every message names a company of its own or carries its own number, so none dedups into an
-- earlier one: each add creates a memory, as in issue 13's measurement.
local function message(i)
  local c, s, d = company(i), sectors[i % #sectors + 1], date(i)
  local n = 3 + (i * 37) % 97
  local k = i % 12
  if k == 0 then return string.format("%s 估值%d亿美元，太贵了，%s 之后再看 #%d", c, n, d, i)
  elseif k == 1 then return string.format("%s 团队不错，产品有亮点，%s 的 demo 印象深刻", c, d)
  elseif k == 2 then return string.format("%s 可以推进，%s 约创始人聊聊，ARR 已经 %d 百万", c, d, n)
  elseif k == 3 then return string.format("%s 商业化弱，收入才%d万，先不跟", c, n * 10)
  elseif k == 4 then return string.format("以后少推%s方向估值超过%d亿的项目", s, 100 + i)
  elseif k == 5 then return string.format("%s赛道最近热，%s 前后有%d家在融资", s, d, 100 + i)
  elseif k == 6 then return string.format("本周在路上，%s 之后再约，第%d次出差", d, 100 + i)
  elseif k == 7 then return string.format("Met %s founder on %s, strong team, let's move forward at $%dM pre", c, d, n)
  elseif k == 8 then return string.format("%s burn rate is too high at $%dM a month, pass", c, n)
  elseif k == 9 then return string.format("%s 可以投，联系人手机 138%08d，%s 前给答复", c, (10000000 + i * 7919) % 100000000, d)
  elseif k == 10 then return string.format("%s 数据不错，token 是 sk-live%032d 别外传，下周见一下", c, i)
  else return string.format("我更倾向%s的早期项目，单笔不超过%d万美元", s, 100 + i) end
end

local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(ch) return string.format("\\u%04x", string.byte(ch)) end) .. '"'
end

local function urlencode(s)
  return (s:gsub("[^%w%-_%.~]", function(ch) return string.format("%%%02X", string.byte(ch)) end))
end

local counter = 1
function setup(thread)
  thread:set("thread_number", counter)
  counter = counter + 1
end

local mode, profiles, tag, base, threads, tid, k
function init(args)
  mode = args[1] or "add"
  profiles = tonumber(args[2] or "20")
  tag = args[3] or "bench"
  base = tonumber(args[4] or "0")
  threads = tonumber(args[5] or "1")
  tid = (thread_number or 1) - 1 -- set by setup() in this thread's own Lua state
  k = 0
end

local headers = {["Content-Type"] = "application/json"}

local function add(i)
  local profile = tag .. "-p" .. (i % profiles)
  return wrk.format("POST", "/v1/profiles/" .. profile .. "/feedback", headers,
    '{"message":' .. json_string(message(i)) .. '}')
end

local function context(i)
  local profile = tag .. "-p" .. (i % profiles)
  return wrk.format("GET", "/v1/profiles/" .. profile .. "/context?limit=3&query="
    .. urlencode(queries[i % #queries + 1]))
end

function request()
  local i = base + k * threads + tid
  k = k + 1
  if mode == "add" then return add(i) end
  if mode == "context" then return context(i) end
  -- the adds of a mix: message numbers base, base+1, … (every template, none seen before)
  if (i - base) % 10 == 0 then return add(base + (i - base) / 10) end
  return context(i)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p95_us=%d p99_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
