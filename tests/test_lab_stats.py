"""The lab's statistics: Wilson intervals and paired differences, against known values."""

import math

import pytest

from tortuga_rules.lab.stats import paired_difference, wilson


@pytest.mark.parametrize("hits, n, low, high", [
    (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662)])
def test_wilson_intervals_match_published_values(hits, n, low, high):
    """The 95% Wilson score interval matches reference values (e.g. statsmodels')."""
    r = wilson(hits, n)
    assert r.low == pytest.approx(low, abs=1e-4) and r.high == pytest.approx(high, abs=1e-4)


def test_no_games_give_the_widest_interval():
    """With nothing observed the interval is [0, 1] and the rate undefined."""
    r = wilson(0, 0)
    assert (r.low, r.high) == (0.0, 1.0) and math.isnan(r.value)


def test_a_paired_difference_is_significant_only_when_its_interval_excludes_zero():
    """Consistent differences are significant; balanced ones and single games are not."""
    assert paired_difference([0.5, 0.4, 0.6, 0.5] * 10).significant
    assert not paired_difference([1, -1] * 20).significant
    assert not paired_difference([1.0]).significant
    d = paired_difference([1, 0] * 50)
    assert d.mean == 0.5 and d.low < 0.5 < d.high and d.p < 0.001
