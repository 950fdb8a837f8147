import "./src/styles/calendula.css";
