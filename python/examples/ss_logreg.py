"""Logistic-regression inference on secret-shared features and weights.

P0 holds the features of n samples, P1 the model (weights and bias). Both
are secret-shared on SP0, which computes z = X w + b and the "hard
sigmoid" clip(z / 4 + 1/2, 0, 1), a piecewise-linear approximation of
1 / (1 + e^-z) that needs only comparisons (at most 0.12 from it, and
above 1/2 exactly where z > 0); only P0 learns the probabilities.

    PYTHONPATH=build/python python3 python/examples/ss_logreg.py
"""

import numpy as np

import mplang_mlir as mp


def hard_sigmoid(z):
    t = z * 0.25 + 0.5
    return np.where(t < 0, 0.0, np.where(t > 1, 1.0, t))


def predict(features, weights, bias):
    return hard_sigmoid(features @ weights + bias)


@mp.function
def private_predict(features, weights, bias):
    """features on P0, weights and bias on P1: P0 learns the predictions."""
    return mp.put("P0", mp.device("SP0")(predict)(features, weights, bias))


def main(features, weights, bias, context=None):
    with context or mp.make_simulator(2):
        return mp.fetch(private_predict(mp.put("P0", features),
                                        mp.put("P1", weights),
                                        mp.put("P1", np.float64(bias))))


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    x, w = rng.normal(size=(8, 5)), rng.normal(size=5)
    print(main(x, w, 0.3), predict(x, w, 0.3))
