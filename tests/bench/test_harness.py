"""The benchmark harness still runs end to end (tiny sizes; figures checked for sense,
never for speed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import movepath, scenarios


@pytest.mark.parametrize("push", [False, True], ids=["asked", "pushed"])
def test_load_run_commits_moves_and_reports_every_figure(push: bool) -> None:
    r = scenarios.load(rooms=3, seconds=5.0, spectators=2, push=push)  # long enough to commit moves when loaded
    assert r["push"] is push
    assert r["moves"] > 0 and r["errors"] == {}  # a pushed seat that had to ask counts as an error
    assert r["frames"] > r["moves"]  # every move reaches players and spectators
    assert r["bytes_per_frame"] < r["snapshot_bytes"]  # a diff is smaller than a whole view
    assert r["rtt_p50"] <= r["rtt_p99"] <= r["rtt_max"]
    assert r["server_cpu_s"] > 0 and r["server_peak_rss_mib"] > 0


@pytest.mark.parametrize("lean", [True, False], ids=["lean", "asgi"])
def test_the_echo_ceilings_answer_frames(lean: bool) -> None:
    # the lean echo serves through server/transport/websocket.py with a stand-in gateway: a setting that
    # the websocket layer reads and the stand-in lacks broke it unseen before this test
    r = scenarios.echo(4, 1.0, lean=lean)
    assert r["per_second"] > 0 and 0 < r["p50_ms"] <= r["p99_ms"]
    assert r["round_trips"] > 0 and r["server_cpu_us"] > 0


def test_idle_connections_are_held_and_measured() -> None:
    r = scenarios.connections(200, hold=0.5)
    assert r["held"] == 200 and r["failed"] == 0
    assert r["kib_per_connection"] > 0


def test_engine_figures_for_every_registered_game() -> None:
    from bench import engines
    from server.games import registry

    figures = engines.all_engines(seconds=0.0)  # one game per configuration
    assert {f.game for f in figures} == set(registry.games()) - {"highcard"}
    for f in figures:
        assert f.games_per_second > 0 and f.decisions_per_game > 0
        assert 0 < f.legal_us <= f.richest_legal_us and f.richest_moves > 0


def test_view_diff_comparison_rebuilds_the_same_views() -> None:
    from bench import diffs

    f = diffs.compare("vikings")
    assert f["ours_ops"] > 0 and f["jsonpatch_ops"] > 0 and f["view_bytes"] > f["ours_bytes"]


def test_move_path_cpu_is_measured_and_its_parts_timed() -> None:
    r = movepath.one_round(movepath.ROOT, rooms=3, seconds=3.0)
    assert r["moves"] > 0 and r["errors"] == 0 and r["cpu_ms_per_move"] > 0
    pieces = movepath.parts(1)
    assert len(pieces) == 7 and all(us > 0 for us in pieces.values())


def test_asked_and_pushed_legal_moves_are_measured_alike() -> None:
    med = movepath.pushed(rounds=1, rooms=2, seconds=3.0)
    assert set(med) == {"asked", "pushed"}
    assert all(m["moves_per_s"] > 0 and m["cpu_ms_per_move"] > 0 and m["errors"] == 0 for m in med.values())


def test_the_cost_of_waiting_for_a_replica_is_measured() -> None:
    med = movepath.replicas(rounds=1, rooms=2, seconds=5.0)  # long enough to commit moves when loaded
    assert set(med) == {"0", "1"} and all(m["moves_per_s"] > 0 and m["cpu_ms_per_move"] > 0 for m in med.values())


def test_the_cost_of_scraping_metrics_is_measured() -> None:
    # its node once ran with the per-player limits on: the load's room creates were refused
    # and the run failed before any figure (nothing ran the bench to notice)
    from bench import metrics_cost

    for scrape in (False, True):
        r = metrics_cost.one_round(rooms=2, seconds=2.5, scrape=scrape)
        assert r["moves_per_s"] > 0 and r["cpu_ms_per_move"] > 0 and r["errors"] == 0
        assert (r["scrapes"] > 0 and r["scrape_bytes"] > 0) if scrape else r["scrapes"] == 0


def test_a_tree_to_compare_with_is_compiled_by_its_own_build(tmp_path: Path) -> None:
    """`--before` compiles the other tree as that tree builds itself: scripts/native.py, or
    protocol.native.build in a tree from before the script."""
    assert movepath.build_command(movepath.ROOT)[1:] == ["scripts/native.py"]
    assert movepath.build_command(tmp_path)[1:] == [
        "-c", "import sys, protocol.native as n; sys.exit(not n.build(n.out_dir()))"
    ]  # fmt: skip


def test_the_kid_flood_bench_floods_and_measures_a_bystander() -> None:
    from bench import kids

    r = kids.run(sockets=2, seconds=1.5)
    assert r["hellos"] > 0 and r["welcomed"] == 0  # no forged token was taken
    assert r["refused"] + r["rate_limited"] > 0
    assert 0 < r["calm_p50_ms"] <= r["calm_p99_ms"] and 0 < r["flooded_p50_ms"] <= r["flooded_p99_ms"]


def test_the_referees_cost_is_measured_with_and_without_the_correspondence_rooms() -> None:
    from bench import referee

    r = referee.run(60, seconds=1.0, rounds=1, settle=0.5)
    assert r["rooms_kept"] == 60 and r["rooms_in_play_after"] == 63  # none abandoned, none lost (3 made for real)
    for what in ("node_ms_per_s", "redis_ms_per_s"):
        assert r[what]["with"] >= 0 and r[what]["without"] >= 0
    assert r["rebuild_cpu_ms"] > 0


def test_the_catch_up_burst_reaches_every_idle_socket_and_is_measured() -> None:
    from bench import catchup

    r = catchup.run(rooms=4, spectators=1, movers=1, warmup=0.5, before=1.0, burst_limit=30.0)
    assert r["pubsub_killed"] >= 1  # the node's subscription was dropped in Redis
    assert r["sockets"] == 4 * 5 and r["caught_up"] == r["sockets"]  # each idle socket sent its snapshot
    assert r["caught_p50_ms"] <= r["caught_p99_ms"] <= r["last_ms"]
    assert r["snapshot_bytes"] >= r["sockets"] * r["snapshot_bytes_p50"] / 2 > 0
    assert r["node_cpu_ms"] >= 0 and r["moves_before"] > 0
