"""hr.pql on a real distributed.LocalCluster: the same seed, the same answer."""

from __future__ import annotations

import pytest

import handrank as hr

from .conftest import FIXTURE_CLIENT

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=40)
    with cluster, distributed.Client(cluster) as c:
        setattr(c, FIXTURE_CLIENT, True)    # the default client while the module runs
        c.wait_for_workers(2)
        yield c


@pytest.mark.parametrize("query", [
    "select avg(riverEquity(hero)) as e, histogram(handType(villain, turn)) as h "
    "from game='omahahi', hero='AA**', villain='****'",
    "select avg(riverEquity(hero)) as e, count(winsHi(villain)) as w "
    "from game='holdem', hero='AKs', villain='**', board='Kd7c2s'",
    "select histogram(toString(handType(hero, river))) as h, "
    "count(toString(riverCard()) in ('As', 'Ks')) as c "
    "from game='holdem', hero='AKs', villain='**', board='Kd7c2s'",
])
def test_a_cluster_gives_the_local_answer_bit_for_bit(client, query):
    local = hr.pql(query, trials=150_000, seed=9, threads=1)
    remote = hr.pql(query, trials=150_000, seed=9, client=client)
    assert not remote.exact and remote.trials == local.trials == 150_000
    for a, b in zip(local, remote):
        assert a.value == b.value and a.stderr == b.stderr, a.name


def test_stud_street_equities_on_a_cluster_are_the_local_answer(client):
    # the per-deal draws of a fifth-street equity are seeded by the deal's cards
    query = ("select avg(equity(p1, sixth)) as e, count(equity(p1, fifth) > 0.5) as c, "
             "count(nutHi(p1, fifth)) as n from game='stud8', p1='As2s3d', p2='*'")
    local = hr.pql(query, trials=3000, seed=4, threads=1)
    remote = hr.pql(query, trials=3000, seed=4, client=client)
    for a, b in zip(local, remote):
        assert a.value == b.value and a.stderr == b.stderr, a.name
