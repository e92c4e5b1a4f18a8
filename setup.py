"""Package list for setuptools: the code packages plus resources/ installed as crisis_desktop/resources."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["crisis_desktop", "crisis_desktop.*"]), "crisis_desktop.resources"],
    package_dir={"crisis_desktop.resources": "resources"},
)
