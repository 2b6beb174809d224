"""The monitoring profile's Prometheus configuration, alerts and Grafana dashboard (deploy/prometheus/,
deploy/grafana/): promtool checks the configuration and the rules and runs the rules' unit tests
(alerts.test.yml); each alert fires in a test and stays quiet in another; and every series the
alerts and the dashboard read is one the service, node_exporter or the nginx exporter serves.
promtool is Debian's (`make promtool`); no Prometheus runs here."""

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import flask_migrate
import pytest
import yaml
from prometheus_client import REGISTRY, CollectorRegistry

from lead_service import create_app
from lead_service.extensions import db
from lead_service.mailbox.gauges import MailboxState
from lead_service.models.conversation import MailboxRead
from lead_service.outbox.gauges import OutboxState
from lead_service.outbox.heartbeat import MAILBOX, Heartbeat

from .support.deploy import ROOT

PROMETHEUS = ROOT / "deploy/prometheus"
CONFIG = PROMETHEUS / "prometheus.yml"
ALERTS = PROMETHEUS / "alerts.yml"
ALERT_TESTS = PROMETHEUS / "alerts.test.yml"
GRAFANA = ROOT / "deploy/grafana"
DASHBOARDS = sorted((GRAFANA / "dashboards").glob("*.json"))
OPERATIONS = ROOT / "docs/operations.md"

# The series the alerts and the dashboard may read: the lead service's (lead_service/metrics/series.py,
# lead_service/outbox/gauges.py and lead_service/mailbox/gauges.py, docs/operations.md "Metrics"),
# node_exporter's and the nginx exporter's that are used, and Prometheus's own.
SERIES = {
    "http_requests_total": "lead-service, inbox-api",
    "http_request_duration_seconds": "lead-service, inbox-api (a histogram)",
    "leads_accepted_total": "lead-service",
    "leads_refused_total": "lead-service",
    "outbox_pending": "lead-service",
    "outbox_oldest_pending_age_seconds": "lead-service",
    "outbox_dead": "lead-service",
    "outbox_worker_heartbeat_age_seconds": "lead-service",
    "leads_awaiting_rules": "lead-service",
    "lead_database_up": "lead-service",
    "outbox_deliveries_total": "outbox-worker",
    "mailbox_last_read_age_seconds": "lead-service",
    "mailbox_oldest_unread_age_seconds": "lead-service",
    "mailbox_set_aside_waiting": "lead-service",
    "mailbox_reader_heartbeat_age_seconds": "lead-service",
    "mailbox_messages_total": "mailbox-reader",
    "inbox_sign_in_failures_total": "inbox-api",
    "inbox_locks_total": "inbox-api",
    "node_filesystem_avail_bytes": "node_exporter",
    "node_filesystem_size_bytes": "node_exporter",
    "nginx_http_requests_total": "the nginx exporter",
    "nginx_connections_active": "the nginx exporter",
    "nginx_up": "the nginx exporter",
    "up": "Prometheus, for each target it scrapes",
    "ALERTS": "Prometheus, for each pending or firing alert",
}
HISTOGRAMS = {"http_request_duration_seconds"}
# A histogram is read through its parts.
READABLE = (set(SERIES) - HISTOGRAMS) | {
    f"{name}_{part}" for name in HISTOGRAMS for part in ("bucket", "sum", "count")
}
SEVERITIES = {"critical", "warning"}

# PromQL's words that are not series.
KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "bool"}
KEYWORDS |= {"offset", "inf", "nan"}


def promtool(*arguments: str) -> subprocess.CompletedProcess:
    if shutil.which("promtool") is None:
        pytest.fail("promtool is missing: `make promtool` installs it (Debian's prometheus package)")
    return subprocess.run(
        ["promtool", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def rules() -> list[dict]:
    return [rule for group in yaml.safe_load(ALERTS.read_text())["groups"] for rule in group["rules"]]


def alerts() -> dict[str, dict]:
    return {rule["alert"]: rule for rule in rules() if "alert" in rule}


def panels(dashboard: dict) -> Iterator[dict]:
    """Every panel, those inside a collapsed row included."""
    for panel in dashboard.get("panels", []):
        yield panel
        yield from panels(panel)


def dashboard_queries() -> list[str]:
    return [
        target["expr"]
        for path in DASHBOARDS
        for panel in panels(json.loads(path.read_text()))
        for target in panel.get("targets", [])
        if target.get("expr")
    ]


def series_in(expr: str) -> set[str]:
    """The series a PromQL expression reads: its names that are neither functions nor keywords,
    once strings, label matchers, ranges, grouping labels and Grafana's variables are taken out."""
    text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', expr)
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r"\[[^\]]*\]", " ", text)
    text = re.sub(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", text)
    text = re.sub(r"\$\{?\w+\}?", " ", text)
    names = re.findall(r"(?<![\w.:])([A-Za-z_:][\w:]*)\b(?!\s*\()", text)
    return {name for name in names if name.lower() not in KEYWORDS}


def anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_promtool_passes_the_configuration_and_finds_the_rules_beside_it():
    result = promtool("check", "config", str(CONFIG.relative_to(ROOT)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS: 1 rule files found" in result.stdout
    # Relative, so that it is alerts.yml beside prometheus.yml both here and in the container
    # (docker-compose.yml mounts deploy/prometheus/ as /etc/prometheus).
    assert yaml.safe_load(CONFIG.read_text())["rule_files"] == ["alerts.yml"]


def test_promtool_passes_the_alert_rules():
    result = promtool("check", "rules", str(ALERTS.relative_to(ROOT)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"SUCCESS: {len(rules())} rules found" in result.stdout


def test_the_alert_rules_unit_tests_pass():
    result = promtool("test", "rules", str(ALERT_TESTS.relative_to(ROOT)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_the_unit_tests_evaluate_and_sample_as_prometheus_does():
    config = yaml.safe_load(CONFIG.read_text())["global"]
    tests = yaml.safe_load(ALERT_TESTS.read_text())
    assert tests["rule_files"] == ["alerts.yml"]
    assert tests["evaluation_interval"] == config["evaluation_interval"]
    assert {test["interval"] for test in tests["tests"]} == {config["scrape_interval"]}


def test_every_alert_fires_in_a_unit_test_and_stays_quiet_in_another():
    tests = yaml.safe_load(ALERT_TESTS.read_text())["tests"]
    cases = [case for test in tests for case in test["alert_rule_test"]]
    for name, rule in alerts().items():
        fired = [case["exp_alerts"] for case in cases if case["alertname"] == name and case["exp_alerts"]]
        quiet = [case for case in cases if case["alertname"] == name and not case["exp_alerts"]]
        assert fired, f"{name} fires in no unit test"
        assert quiet, f"{name} stays quiet in no unit test"
        # An operator's reading of it is tested too: its labels and every annotation.
        for expected in (alert for alerts_ in fired for alert in alerts_):
            assert expected["exp_labels"]["severity"] == rule["labels"]["severity"], name
            assert set(expected["exp_annotations"]) == set(rule["annotations"]), name
    named = {case["alertname"] for case in cases}
    assert named <= set(alerts()), named - set(alerts())


def test_every_alert_has_a_severity_and_says_what_to_do_and_where_to_read_more():
    assert len(alerts()) == len(rules())  # no recording rule, no alert named twice
    assert set(alerts()) == {
        "OutboxWorkerSilent",
        "OutboxBacklog",
        "NotificationDead",
        "HighErrorRate",
        "DatabaseDown",
        "MailboxNotRead",
        "MessagesSetAside",
        "DiskNearlyFull",
        "TargetDown",
    }
    for name, rule in alerts().items():
        assert rule["labels"]["severity"] in SEVERITIES, name
        assert set(rule["annotations"]) == {"summary", "description", "runbook_url"}, name
        assert rule["annotations"]["runbook_url"] == f"docs/operations.md#{name.lower()}", name


def test_the_runbook_anchors_are_headings_of_the_operations_guide():
    text = OPERATIONS.read_text()
    if not re.search(r"^## Alerts\s*$", text, re.M):
        pytest.skip('docs/operations.md has no "Alerts" section yet')
    anchors = {anchor(heading) for heading in re.findall(r"^#{2,4} (.+)$", text, re.M)}
    for name, rule in alerts().items():
        assert rule["annotations"]["runbook_url"].split("#", 1)[1] in anchors, name


def test_the_series_reader_finds_series_and_nothing_else():
    expr = (
        'sum by (job) (rate(a_total{route!~"/x.*", job="b"}[5m])) / on() group_left(c) d:e '
        '> bool 0.5 offset 5m or absent(f{g="h"}) '
        "and histogram_quantile(0.95, rate(i_bucket[$__rate_interval]))"
    )
    assert series_in(expr) == {"a_total", "d:e", "f", "i_bucket"}


def test_every_series_the_alerts_and_the_dashboard_read_is_one_that_is_served():
    read = {name: series_in(rule["expr"]) for name, rule in alerts().items()}
    read |= {expr: series_in(expr) for expr in dashboard_queries()}
    for where, names in read.items():
        assert names, where
        assert names <= READABLE, f"{where}: {names - READABLE}"
    # And the dashboard shows each of the service's series.
    shown = set().union(*map(series_in, dashboard_queries()))
    assert {name for name in READABLE - shown if not name.endswith(("_sum", "_count"))} == set()


def test_every_dashboard_query_is_promql(tmp_path):
    """promtool parses each as a recording rule, Grafana's variables given a value."""
    queries = dashboard_queries()
    assert queries
    group = {
        "name": "dashboard",
        "rules": [
            {"record": f"dashboard:query_{n}", "expr": re.sub(r"\$__\w+", "5m", expr)}
            for n, expr in enumerate(queries)
        ],
    }
    path = tmp_path / "dashboard-queries.yml"
    path.write_text(yaml.safe_dump({"groups": [group]}))
    result = promtool("check", "rules", str(path))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_dashboard_reads_the_provisioned_data_source_and_is_loaded_from_its_folder():
    datasources = GRAFANA / "provisioning/datasources/prometheus.yml"
    (source,) = yaml.safe_load(datasources.read_text())["datasources"]
    assert source["type"] == "prometheus" and source["url"] == "http://prometheus:9090"
    assert DASHBOARDS
    uids = set()
    for path in DASHBOARDS:
        dashboard = json.loads(path.read_text())
        uids.add(dashboard["uid"])
        for panel in panels(dashboard):
            if panel["type"] == "row":
                continue
            assert panel["datasource"] == {"type": "prometheus", "uid": source["uid"]}, panel["title"]
            assert panel["targets"], panel["title"]
            for target in panel["targets"]:
                assert target["datasource"] == panel["datasource"], panel["title"]
    assert len(uids) == len(DASHBOARDS)
    (provider,) = yaml.safe_load((GRAFANA / "provisioning/dashboards/tidewell.yml").read_text())["providers"]
    assert provider["type"] == "file" and Path(provider["options"]["path"]).is_absolute()


def test_the_services_series_are_the_ones_it_counts(tmp_path, monkeypatch):
    """The SERIES named as the lead service's are the ones it defines, on a database where a worker
    and a mailbox reader have beaten and a read of the mailbox went through: a series renamed in the
    code fails here, not in an alert that never fires."""
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}"})
    with app.app_context():
        flask_migrate.upgrade()
        Heartbeat(poll_seconds=1).start()
        Heartbeat(poll_seconds=1, name=MAILBOX).beat()
        db.session.add(MailboxRead(folder="INBOX", uid_validity=1, last_uid=1, read_at=datetime.now(UTC)))
        db.session.commit()
    gauges = CollectorRegistry()
    gauges.register(OutboxState(app))
    gauges.register(MailboxState(app))

    defined = {
        f"{metric.name}_total" if metric.type == "counter" else metric.name
        for registry in (REGISTRY, gauges)
        for metric in registry.collect()
    }
    served = {
        name
        for name, where in SERIES.items()
        if re.search(r"lead-service|inbox-api|outbox-worker|mailbox-reader", where)
    }
    assert served and served <= defined, served - defined
