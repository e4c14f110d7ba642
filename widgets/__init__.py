"""ratgames_lab dashboards (ipywidgets + bqplot); installed as ratgames_lab.widgets."""
