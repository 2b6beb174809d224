-- wrk script for `make bench`: `-- quote` posts quote requests, each with its own address;
-- `-- get` (the default) repeats the URL's GET. Each thread keeps the ids its 201s answered, and
-- `done` prints one JSON line that bench/load.py reads.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_id", #threads)
end

function init(args)
  mode = args[1] or "get"
  sent = 0
  created = 0
  ids = ""
end

function request()
  if mode ~= "quote" then
    return wrk.format("GET")
  end
  sent = sent + 1
  local body = string.format(
    '{"name":"Bench Visitor","email":"bench-%d-%d@bench.example","phone":"+44 20 7946 0958",'
      .. '"project":"Measured by make bench","budget":"1000$ - 5000$ Estimated"}',
    thread_id, sent)
  return wrk.format("POST", "/api/quote", { ["Content-Type"] = "application/json" }, body)
end

function response(status, headers, body)
  if status == 201 then
    created = created + 1
    ids = ids .. (body:match('"id":%s*(%d+)') or "?") .. ","
  end
end

function done(summary, latency, requests)
  local total, acknowledged = 0, ""
  for _, thread in ipairs(threads) do
    total = total + thread:get("created")
    acknowledged = acknowledged .. thread:get("ids")
  end
  local errors = summary.errors
  io.write(string.format(
    'BENCH {"requests": %d, "seconds": %.3f, "created": %d, "p50_ms": %.3f, "p95_ms": %.3f,'
      .. ' "p99_ms": %.3f, "socket_errors": %d, "non_2xx": %d, "ids": "%s"}\n',
    summary.requests, summary.duration / 1e6, total, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    errors.connect + errors.read + errors.write + errors.timeout, errors.status, acknowledged))
end
