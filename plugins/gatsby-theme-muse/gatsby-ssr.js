import "./src/styles/muse.css";
